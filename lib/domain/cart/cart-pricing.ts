import type { Catalog } from '../catalog/catalog';
import type { ShopShippingMethod } from '../catalog/catalog-types';
import { campaignOfCode } from '../coupons/coupon-campaign';
import { type CampaignDiscount, campaignDiscount } from '../coupons/coupon-discount';
import { amountOf, basketDiscount, type Currencies } from '../money/discounts';
import { allocate, type Minor, parseMoney, priceTimesQuantity } from '../money/money';
import { chargeTaxes, computeTotals, type TaxClassRef, type Totals } from '../money/totals';
import { type CartLine, type CartRecord, unitPriceFor } from './cart';
import { convertPrice } from './cart-lines';

/** A cart with every figure worked out; what the cart and order views render. */
export interface PricedCart {
  lines: { line: CartLine; unitPrice: Minor; amount: Minor; couponDiscount: Minor }[];
  shipping: Minor;
  shippingTaxes: { taxClass: TaxClassRef; tax: Minor }[];
  payment: Minor;
  /** The coupon's discount on the lines (SHIPPING: none) and whether it makes shipping free. */
  coupon: CampaignDiscount | null;
  basketDiscount: { name: Readonly<Record<string, string>>; amount: Minor } | null;
  totals: Totals;
  /** The least subtotal to order, null when the shop has none. */
  minimumCartAmount: Minor | null;
  minimumCartReached: boolean;
}

/**
 * Prices a cart against the shop's catalog (docs/money-and-totals.md): lines with bulk tiers,
 * the coupon (spread over the lines; its campaign's window is judged at `now`), the best basket
 * discount, shipping (none with a coupon that waives it) and payment, and taxes per tax class with
 * every discount and charge spread over the classes in proportion.
 */
export function priceCart(cart: CartRecord, catalog: Catalog, now = new Date()): PricedCart {
  const base = cart.lineItems.map((line) => {
    const unitPrice = unitPriceFor(line, line.quantity);
    return { line, unitPrice, amount: priceTimesQuantity(unitPrice, line.quantity) };
  });
  const subtotal = base.reduce((total, l) => total + l.amount, 0);
  const currencies = cartCurrencies(cart, catalog);
  const coupon = cart.coupon
    ? campaignDiscount(campaignOfCode(catalog, cart.coupon.code)?.campaign ?? null, subtotal, currencies, now)
    : null;
  const couponShares = allocate(
    coupon?.amount ?? 0,
    base.map((l) => l.amount),
  );
  const basket = basketDiscount(
    catalog.basketDiscounts,
    subtotal,
    subtotal + (coupon?.amount ?? 0),
    currencies,
  );
  const shipping = coupon?.waivesShipping ? 0 : shippingCharge(cart, catalog);
  const payment = cart.payment?.price ?? 0;
  const fallbackTaxClass = defaultTaxClass(catalog);
  const taxed = base.map((l) => ({ amount: l.amount, taxClass: l.line.taxClass }));
  const totals = computeTotals({
    taxType: cart.taxType,
    lines: taxed,
    charges: [shipping, payment],
    discounts: [coupon?.amount ?? 0, basket?.amount ?? 0],
    fallbackTaxClass,
  });
  // No minimum in the cart's currency means none: the shop set no threshold for it.
  const minimum = catalog.settings.minimumCartAmount;
  const minimumCartAmount = minimum === null ? null : amountOf(minimum, currencies);
  return {
    lines: base.map((l, i) => ({ ...l, couponDiscount: couponShares[i] ?? 0 })),
    shipping,
    shippingTaxes: cart.shipping
      ? chargeTaxes(shipping, { lines: taxed, taxType: cart.taxType, fallbackTaxClass })
      : [],
    payment,
    coupon,
    basketDiscount: basket ? { name: basket.rule.name, amount: basket.amount } : null,
    totals,
    minimumCartAmount,
    minimumCartReached: minimumCartAmount === null || totals.lineItemsSubTotal >= minimumCartAmount,
  };
}

/** The cart's currency and the shop's default one, for the shop's per-currency amounts. */
export function cartCurrencies(cart: Pick<CartRecord, 'currency'>, catalog: Catalog): Currencies {
  return { currency: cart.currency, defaultCurrency: catalog.settings.defaultCurrency };
}

/** The shop's default tax class as a reference for totals. */
export function defaultTaxClass(catalog: Catalog): TaxClassRef {
  const taxClass = catalog.taxClasses.get(catalog.settings.defaultTaxClassId);
  if (!taxClass) throw new Error(`shop ${catalog.shopId} has no default tax class`);
  return {
    taxClassId: taxClass.taxClassId,
    name: taxClass.name[catalog.settings.defaultLocale] ?? taxClass.taxClassId,
    percentage: taxClass.percentage,
  };
}

/** Shipping in the cart's currency: the cart's own price, else the method's price, else 0. */
function shippingCharge(cart: CartRecord, catalog: Catalog): Minor {
  if (!cart.shipping) return 0;
  if (cart.shipping.price !== null) return cart.shipping.price;
  const method = catalog.shippingMethods.find((m) => m.shippingMethodId === cart.shipping?.methodId);
  const price = method?.price?.[cart.currency];
  if (price === undefined) return 0;
  // Method prices are in the shop's tax model, like product prices.
  return convertPrice(
    parseMoney(price, cart.currency),
    catalog.settings.taxModel.model,
    cart.taxType,
    defaultTaxClass(catalog).percentage,
  );
}

/**
 * The shipping methods a cart may use: those whose minimum subtotal it reaches. A method with a
 * minimum but none in the cart's currency is not offered in it (a free-shipping threshold must
 * not become "free from 0").
 */
export function possibleShippingMethods(
  catalog: Catalog,
  subtotal: Minor,
  currency: string,
): ShopShippingMethod[] {
  const currencies = { currency, defaultCurrency: catalog.settings.defaultCurrency };
  return catalog.shippingMethods.filter((m) => {
    if (m.minimumSubtotal === null) return true;
    const minimum = amountOf(m.minimumSubtotal, currencies);
    return minimum !== null && subtotal >= minimum;
  });
}
