import { insertCart } from '../data/cart-repository';
import { requireCatalog } from '../data/catalog-repository';
import { newId, newSecret } from '../data/ids';
import type { CartRecord } from '../domain/cart';
import { addLines } from '../domain/cart-lines';
import { hashCartToken } from '../domain/cart-token';
import type { Catalog } from '../domain/catalog';
import { RefusedInput } from '../domain/errors';
import { requireCurrency } from '../domain/product-request';
import { resolveLocale } from '../domain/shop-locale';
import type { CartResult } from './change-cart';

/** What a new cart may be given; everything else comes from the shop's settings. */
export interface NewCartInput {
  shopId: string;
  /** The shop's catalog version when the request read it already. */
  catalogVersion?: number | null;
  currency?: string;
  locale?: string;
  taxType?: CartRecord['taxType'];
  lineItems?: readonly { productId: string; quantity: number }[];
  /** Create the cart with the lines that can be bought even when others are refused. */
  forceCreate?: boolean;
}

/**
 * Creates a cart (contract "Carts") in the shop's or the requested currency, locale and tax type,
 * with optional line items: one refused line refuses the cart (RefusedInput naming each) unless
 * `forceCreate`. Returns the cart token once; only its hash is stored.
 */
export async function createCart(
  input: NewCartInput,
): Promise<CartResult & { token: string; refused: number }> {
  const catalog = await requireCatalog(input.shopId, input.catalogVersion);
  const { settings } = catalog;
  const currency = requireCurrency(catalog, input.currency);
  // A locale the shop lacks falls back like every read; the cart's `locale` shows the one chosen.
  const locale = resolveLocale(settings, input.locale);

  const token = newSecret();
  const cart = newCart(
    catalog,
    { currency, locale, taxType: input.taxType ?? settings.taxModel.model },
    hashCartToken(token),
  );
  const { lineItems, problems } = addLines(catalog, cart, input.lineItems ?? [], newId);
  if (problems.length > 0 && !input.forceCreate) {
    throw new RefusedInput(
      'Invalid line items',
      problems.map((p) => ({ field: `lineItems[${p.index}].${p.field}`, message: p.message })),
    );
  }
  const stored = { ...cart, lineItems };
  await insertCart(stored);
  return { cart: stored, catalog, token, refused: problems.length };
}

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
