import type { LocalizedText } from '../catalog/catalog-types';
import type { Minor } from '../money/money';
import type { TaxClassRef } from '../money/totals';
import { quantityAtLeast } from '../quantity';

/**
 * The cart aggregate as stored: one item, line items embedded, written with a version condition.
 * Line items keep a snapshot of what the product was when it was added (spec: "order content is
 * taken as valid at cart creation and is not validated again").
 */
export interface CartRecord {
  shopId: string;
  cartId: string;
  /** sha256 of the cart token; the token itself is never stored. */
  tokenHash: string;
  status: 'open' | 'ordered';
  /** Optimistic-concurrency counter, raised by every write. */
  version: number;
  currency: string;
  taxType: 'GROSS' | 'NET';
  locale: string;
  createdAt: string;
  updatedAt: string;
  /** Opaque token handing the cart over to the storefront. */
  pickupToken: string;
  lineItems: CartLine[];
  billingAddress: Address | null;
  shippingAddress: Address | null;
  shipping: { methodId: string; price: Minor | null } | null;
  /** Set through PUT payment-data: the price and the name shown on the order. */
  payment: { price: Minor; name: string | null } | null;
  coupon: { code: string; couponLineItemId: string } | null;
  orderId: string | null;
  /**
   * Set with the order: the hash of the checkout's Idempotency-Key, salted with the caller (the
   * same hash that names the key's stored answer; never the key itself), so that checkout's retry
   * is recognised (`orderedWithKey`).
   */
  checkoutKeyHash?: string;
}

export type Address = Record<string, string | null>;

/** A line item with the product snapshot it needs for pricing and display. */
export interface CartLine {
  lineItemId: string;
  productId: string;
  /** A positive decimal with at most 3 decimals (0.75 kg); see lib/domain/quantity.ts. */
  quantity: number;
  sku: string;
  name: LocalizedText;
  /** "Color: Red, Size: M" parts for variations, by locale. */
  variationString: LocalizedText | null;
  essentialFeatures: LocalizedText | null;
  /** Unit price in the cart's currency and tax type, before bulk tiers. */
  unitPrice: Minor;
  /** Bulk tiers in the cart's currency and tax type, ascending by quantity. */
  bulkTiers: { quantity: number; unitPrice: Minor }[];
  /** A price set through PUT product-price (carts_price_write); wins over tiers. */
  priceOverride: Minor | null;
  taxClass: TaxClassRef & { names: LocalizedText };
  minOrder: number;
  intervalOrder: number;
  priceQuantity: number;
  orderUnit: string;
  images: {
    url: string;
    classifier: string;
    isZoomEnabled: boolean;
    width: number;
    height: number;
    fileSize: number;
  }[];
  deliveryWeight: { amount: number; unit: string } | null;
  energyLabelsString: string | null;
  energyLabelsMaxEfficiencyString: string | null;
  energyLabelSourceFile: string | null;
  productDataSheetSourceFile: string | null;
}

/** At most 100 line items per cart (docs/api-rules.md "Cart token and cart states"). */
export const MAX_LINE_ITEMS = 100;
/** Most units of one product a line may hold. */
export const MAX_QUANTITY = 100_000;
/** Carts expire 30 days after their last change (docs/api-rules.md "Cart token and cart states"). */
export const CART_LIFETIME_SECONDS = 30 * 24 * 3600;

/** The unit price that applies to a quantity: an override, else the highest bulk tier reached. */
export function unitPriceFor(
  line: Pick<CartLine, 'unitPrice' | 'bulkTiers' | 'priceOverride'>,
  quantity: number,
): Minor {
  if (line.priceOverride !== null) return line.priceOverride;
  let price = line.unitPrice;
  for (const tier of line.bulkTiers) if (quantityAtLeast(quantity, tier.quantity)) price = tier.unitPrice;
  return price;
}

/**
 * Whether an ordered cart was ordered by the checkout that carried this Idempotency-Key (hash). A
 * timed-out checkout transaction may still be applied after the client got 503: its retry with the
 * same key then gets that order, where any other request on the ordered cart gets 410
 * (docs/carts-and-orders.md).
 */
export function orderedWithKey(
  cart: Pick<CartRecord, 'status' | 'checkoutKeyHash'>,
  keyHash: string | undefined,
): boolean {
  return cart.status === 'ordered' && keyHash !== undefined && cart.checkoutKeyHash === keyHash;
}

/** Whether a cart is past its lifetime (TTL deletion lags; an expired cart is 404 at once). */
export function isExpired(cart: Pick<CartRecord, 'updatedAt'>, now = Date.now()): boolean {
  return Date.parse(cart.updatedAt) + CART_LIFETIME_SECONDS * 1000 <= now;
}
