import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { BillingAddressBody } from '../../lib/schemas/address';
import { CartPath } from '../../lib/schemas/common';

/** PUT /{shopId}/carts/{cartId}/billing-address: replaces the billing address → 200 Cart (contract "Carts"). */
export const handler = endpoint(
  routes.putBillingAddress,
  { path: CartPath, body: BillingAddressBody },
  async (req) => {
    const catalog = await requireCatalog(req.shopId, req.catalogVersion);
    const cart = await changeCart(req, (current) => ({ ...current, billingAddress: req.body }));
    return cartReply(200, cart, catalog, req);
  },
);
