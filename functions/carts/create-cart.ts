import { insertCart } from '../../lib/data/cart-repository';
import { newId, newSecret } from '../../lib/data/ids';
import type { CartRecord } from '../../lib/domain/cart';
import { addLines } from '../../lib/domain/cart-lines';
import type { Catalog } from '../../lib/domain/catalog';
import { cartReply } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest, type FieldError } from '../../lib/http/errors';
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
  const settingsProblems: FieldError[] = [];
  const currency = req.body.currency ?? settings.defaultCurrency;
  if (!settings.currencies.includes(currency))
    settingsProblems.push({ field: 'currency', message: `Shop does not sell in ${currency}` });
  const locale = req.body.locale ?? settings.defaultLocale;
  if (!settings.locales.includes(locale))
    settingsProblems.push({ field: 'locale', message: `Shop has no locale ${locale}` });
  if (settingsProblems.length > 0) throw new BadRequest('Invalid request', settingsProblems);

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
