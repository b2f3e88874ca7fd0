import { listCarts } from '../../lib/data/cart/cart-repository';
import { requireCatalog } from '../../lib/data/catalog/catalog-repository';
import { cartView } from '../../lib/domain/cart/cart-view';
import { cartListWindow } from '../../lib/domain/cart/cart-window';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { listBody, requireWantedPage } from '../../lib/http/list-reply';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ListCartsQuery } from '../../lib/schemas/carts';
import { ShopPath } from '../../lib/schemas/common';
import { keptCartView } from '../../lib/speed/kept-views';

/**
 * GET /{shopId}/carts (carts_read): open carts, newest first, paged; createdAfter / createdBefore
 * within a 30-day window (docs/carts-and-orders.md), hasAddressData true / false / absent. Reads the page and
 * the total from the instance's cart index (lib/data/feeds), never the whole shop.
 */
export const handler = endpoint(routes.listCarts, { path: ShopPath, query: ListCartsQuery }, async (req) => {
  const { query } = req;
  const window = cartListWindow(query.createdAfter, query.createdBefore);
  if (typeof window === 'string')
    throw new BadRequest('Invalid request', [{ field: 'createdBefore', message: window }]);
  const wanted = requireWantedPage(query);
  const [catalog, found] = await Promise.all([
    requireCatalog(req.shopId, req.catalogVersion),
    listCarts(req.shopId, { ...window, hasAddressData: query.hasAddressData }, wanted),
  ]);
  const locale = query.locale ? resolveLocale(catalog.settings, query.locale) : undefined;
  const body = listBody(req, 'carts', wanted, found, (cart) => {
    const view = locale ?? cart.locale;
    const render = () => cartView(cart, catalog, req.view(view), { listFields: true });
    // A coupon's discount depends on the moment (its campaign's window): such a cart renders afresh.
    return cart.coupon ? render() : keptCartView(catalog, `${cart.cartId}|${cart.version}|${view}`, render);
  });
  return ok(body, NO_STORE);
});
