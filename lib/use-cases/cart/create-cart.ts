import { insertCart } from '../../data/cart/cart-repository';
import { requireCatalog } from '../../data/catalog/catalog-repository';
import { newId, newSecret } from '../../data/ids';
import type { CartRecord } from '../../domain/cart/cart';
import { addLines } from '../../domain/cart/cart-lines';
import { hashCartToken } from '../../domain/cart/cart-token';
import type { Catalog } from '../../domain/catalog/catalog';
import { requireCurrency } from '../../domain/catalog/product-request';
import { OutOfStock, RefusedInput } from '../../domain/errors';
import { shortRequests } from '../../domain/inventory/cart-stock';
import { resolveLocale } from '../../domain/shop-locale';
import { liveStock } from '../inventory/live-stock';
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
 * Creates a cart (docs/carts-and-orders.md "Carts and checkout") in the shop's or the requested currency, locale and tax type,
 * with optional line items: one refused line refuses the cart (RefusedInput naming each) unless
 * `forceCreate`. A line beyond a tracked product's stock now is OutOfStock (`lineItems[i].quantity`,
 * with `available`), or dropped with `forceCreate` (docs/inventory.md "Carts and stock"). Returns the
 * cart token once; only its hash is stored.
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
  const requests = input.lineItems ?? [];
  const added = addLines(catalog, cart, requests, newId);
  const { problems } = added;
  if (problems.length > 0 && !input.forceCreate) {
    throw new RefusedInput(
      'Invalid line items',
      problems.map((p) => ({ field: `lineItems[${p.index}].${p.field}`, message: p.message })),
    );
  }
  const invalid = new Set(problems.map((p) => p.index));
  const stock = await liveStock(
    catalog,
    requests.filter((_, i) => !invalid.has(i)).map((r) => r.productId),
  );
  const short = shortRequests(stock, [], requests, invalid);
  if (short.size > 0 && !input.forceCreate) {
    throw new OutOfStock([...short].map(([index, s]) => ({ field: `lineItems[${index}].quantity`, ...s })));
  }
  // Lines dropped for stock are added again without them (the others' sums change).
  const kept = requests.filter((_, index) => !invalid.has(index) && !short.has(index));
  const lineItems = short.size > 0 ? addLines(catalog, cart, kept, newId).lineItems : added.lineItems;
  const stored = { ...cart, lineItems };
  await insertCart(stored);
  return { cart: stored, catalog, token, refused: problems.length + short.size };
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
