import { insertCart } from '../../lib/data/cart-repository';
import { newId, newSecret } from '../../lib/data/ids';
import type { CartRecord } from '../../lib/domain/cart';
import { addLines } from '../../lib/domain/cart-lines';
import type { Catalog } from '../../lib/domain/catalog';
import { requireCurrency } from '../../lib/domain/product-request';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { cartReply } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { CART_TOKEN_HEADER, hashCartToken } from '../../lib/http/middleware/cart-token';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { CreateCartBody } from '../../lib/schemas/carts';
import { ShopPath } from '../../lib/schemas/common';

/**
 * POST /{shopId}/carts: a new cart with optional line items (contract "Carts"). The cart token is
 * returned once, in X-Service-Cart-Token; only its hash is stored.
 */
export const handler = endpoint(routes.createCart, { path: ShopPath, body: CreateCartBody }, async (req) => {
  const catalog = await requireCatalog(req.shopId, req.catalogVersion);
  const { settings } = catalog;
  const currency = requireCurrency(catalog, req.body.currency);
  // A locale the shop lacks falls back like every read; the cart's `locale` shows the one chosen.
  const locale = resolveLocale(settings, req.body.locale);

  const token = newSecret();
  const cart = newCart(
    catalog,
    { currency, locale, taxType: req.body.taxType ?? settings.taxModel.model },
    hashCartToken(token),
  );
  const { lineItems, problems } = addLines(catalog, cart, req.body.lineItems ?? [], newId);
  if (problems.length > 0 && !req.body.forceCreate) {
    throw new BadRequest(
      'Invalid line items',
      problems.map((p) => ({ field: `lineItems[${p.index}].${p.field}`, message: p.message })),
    );
  }
  const stored = { ...cart, lineItems };
  await insertCart(stored);
  return cartReply(201, stored, catalog, req, {
    body: { status: problems.length > 0 ? 'PartiallyComplete' : 'Complete' },
    headers: { [CART_TOKEN_HEADER]: token, Location: `/${req.shopId}/carts/${cart.cartId}` },
  });
});

function newCart(
  catalog: Catalog,
  choice: Pick<CartRecord, 'currency' | 'locale' | 'taxType'>,
  tokenHash: string,
): CartRecord {
  const now = new Date().toISOString();
  return {
    shopId: catalog.shopId,
    cartId: newId(),
    tokenHash,
    status: 'open',
    version: 1,
    ...choice,
    createdAt: now,
    updatedAt: now,
    pickupToken: newSecret(),
    lineItems: [],
    billingAddress: null,
    shippingAddress: null,
    shipping: null,
    payment: null,
    coupon: null,
    orderId: null,
  };
}
