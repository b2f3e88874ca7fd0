import { listCarts } from '../../lib/data/cart-repository';
import { cartView } from '../../lib/domain/cart-view';
import { cartListWindow } from '../../lib/domain/cart-window';
import { resolveLocale } from '../../lib/domain/catalog';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { ListCartsQuery } from '../../lib/schemas/carts';
import { pageOf, ShopPath } from '../../lib/schemas/common';

/**
 * GET /{shopId}/carts (carts_read): open carts, newest first, paged; createdAfter / createdBefore
 * within a 30-day window (contract), hasAddressData true / false / absent.
 */
export const handler = endpoint(routes.listCarts, { path: ShopPath, query: ListCartsQuery }, async (req) => {
  const { query } = req;
  const window = cartListWindow(query.createdAfter, query.createdBefore);
  if (typeof window === 'string')
    throw new BadRequest('Invalid request', [{ field: 'createdBefore', message: window }]);
  const catalog = await requireCatalog(req.shopId, req.catalogVersion);
  const carts = (await listCarts(req.shopId, window)).filter(
    (cart) =>
      query.hasAddressData === undefined ||
      (cart.billingAddress !== null || cart.shippingAddress !== null) === query.hasAddressData,
  );
  const page = pageOf(carts, query.page, query.resultsPerPage);
  const locale = query.locale ? resolveLocale(catalog, query.locale) : undefined;
  return ok(
    {
      ...page,
      items: page.items.map((cart) =>
        cartView(cart, catalog, req.view(locale ?? cart.locale), { listFields: true }),
      ),
    },
    NO_STORE,
  );
});
