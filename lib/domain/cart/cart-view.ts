import { type Catalog, localize } from '../catalog/catalog';
import { link, type ViewContext } from '../links';
import { amountOf, basketDiscountsIn, ruleFigure } from '../money/discounts';
import { formatPercent, type Minor, money, priceTimesQuantity, savingsPercent } from '../money/money';
import type { TaxClassRef } from '../money/totals';
import type { CartRecord } from './cart';
import { cartCurrencies, type PricedCart, possibleShippingMethods, priceCart } from './cart-pricing';

/**
 * The Cart resource of the spec, rendered from the stored cart and the shop's catalog, with every
 * Money in the cart's currency, tax type and the request's locale.
 */
export function cartView(
  cart: CartRecord,
  catalog: Catalog,
  ctx: ViewContext,
  options: { listFields?: boolean } = {},
) {
  const priced = priceCart(cart, catalog);
  const m = moneyOf(cart, ctx.locale);
  const cartPath = ['carts', cart.cartId];
  const storefront = catalog.settings.storefrontUrl.replace(/\/$/, '');
  return {
    cartId: cart.cartId,
    // Beyond the spec, as on orders: the locale this cart is rendered in (the cart's own, or the
    // list's resolved ?locale=) and its currency.
    locale: ctx.locale,
    currencyId: cart.currency,
    billingAddress: cart.billingAddress,
    shippingAddress: cart.shippingAddress,
    lineItemContainer: lineItemContainer(cart, catalog, priced, ctx, options),
    shippingData: {
      shippingMethod: shippingMethodRef(cart, catalog, ctx.locale),
      price: m(priced.shipping),
      taxes: priced.shippingTaxes.map((t) => ({
        taxClass: taxClassView(t.taxClass),
        price: m(t.tax, 'NONE'),
      })),
    },
    paymentData: {
      paymentMethod: null,
      transactionId: null,
      price: m(priced.payment),
      status: null,
      taxes: null,
    },
    minimumCart: {
      status: priced.minimumCartReached,
      code: priced.minimumCartReached ? 'MinimumCartValueReached' : 'MinimumCartValueNotReached',
      amount: priced.minimumCartAmount === null ? null : m(priced.minimumCartAmount),
    },
    pickupToken: cart.pickupToken,
    creationDate: cart.createdAt,
    checkoutUrl: `${storefront}/checkout?pickupToken=${encodeURIComponent(cart.pickupToken)}`,
    registerSessionUrl: `${storefront}/register-session?pickupToken=${encodeURIComponent(cart.pickupToken)}`,
    cartValidation: {
      possibleShippingMethods: possibleShippingMethods(
        catalog,
        priced.totals.lineItemsSubTotal,
        cart.currency,
      ).map((method) => localize(catalog, method.name, ctx.locale)),
    },
    potentialBasketDiscounts: potentialBasketDiscounts(cart, catalog, ctx.locale),
    links: [
      link(ctx, 'self', ...cartPath),
      ...(cart.shipping ? [link(ctx, 'shipping-method', 'shipping-methods', cart.shipping.methodId)] : []),
      cart.coupon
        ? link(ctx, 'remove-coupon', ...cartPath, 'coupon', cart.coupon.couponLineItemId)
        : link(ctx, 'add-coupon', ...cartPath, 'coupon'),
    ],
  };
}

/**
 * The lineItemContainer shared by carts, orders and documents. Each total carries the taxType the
 * original API renders (docs/money-and-totals.md): grandTotal and lineItemsSubTotal in the cart's
 * tax type, totalBeforeTax NET, totalTax and the coupon line NONE (a tax or a discount amount is
 * neither gross nor net).
 */
export function lineItemContainer(
  cart: CartRecord,
  catalog: Catalog,
  priced: PricedCart,
  ctx: ViewContext,
  options: { listFields?: boolean } = {},
) {
  const m = moneyOf(cart, ctx.locale);
  return {
    grandTotal: m(priced.totals.grandTotal),
    totalBeforeTax: m(priced.totals.totalBeforeTax, 'NET'),
    totalTax: m(priced.totals.totalTax, 'NONE'),
    lineItemsSubTotal: m(priced.totals.lineItemsSubTotal),
    productLineItems: priced.lines.map((line) => ({
      ...productLineItem(line, cart, catalog, ctx),
      ...(options.listFields ? listFields(line, cart, ctx) : {}),
    })),
    couponLineItem:
      cart.coupon && priced.coupon
        ? {
            couponLineItemId: cart.coupon.couponLineItemId,
            code: cart.coupon.code,
            lineItemPrice: m(priced.coupon.amount, 'NONE'),
            validationErrors: priced.coupon.validationErrors,
          }
        : null,
    shippingPrice: m(priced.shipping),
    deposits: [],
    ecoParticipations: [],
    shippingOptions: [],
    basketDiscount: priced.basketDiscount
      ? {
          name: localize(catalog, priced.basketDiscount.name, ctx.locale),
          lineItemPrice: m(priced.basketDiscount.amount),
          links: [],
        }
      : { links: [] },
  };
}

function productLineItem(
  { line, unitPrice, amount, couponDiscount }: PricedCart['lines'][number],
  cart: CartRecord,
  catalog: Catalog,
  ctx: ViewContext,
) {
  const m = moneyOf(cart, ctx.locale);
  return {
    lineItemId: line.lineItemId,
    sku: line.sku,
    name: localize(catalog, line.name, ctx.locale),
    productId: line.productId,
    quantity: { amount: line.quantity, unit: line.orderUnit },
    lineItemPrice: m(amount),
    singleItemPrice: m(unitPrice),
    lineItemCouponDiscount: cart.coupon && couponDiscount !== 0 ? m(couponDiscount) : null,
    images: line.images,
    additionalInformation: {
      bulkPriceInfo: line.bulkTiers.map((tier) => ({
        quantity: { amount: tier.quantity, unit: line.orderUnit },
        price: m(tier.unitPrice),
        basePrice: null,
        priceSavings: {
          percent: savingsPercent(line.unitPrice, tier.unitPrice, ctx.locale),
          regularBulkPrice: m(line.unitPrice),
        },
      })),
    },
    links: [
      link(ctx, 'product', 'products', line.productId),
      link(ctx, 'taxClass', 'tax-classes', line.taxClass.taxClassId),
    ],
    variationString: localize(catalog, line.variationString, ctx.locale),
    essentialFeatures: localize(catalog, line.essentialFeatures, ctx.locale),
    taxClass: taxClassView({
      ...line.taxClass,
      name: localize(catalog, line.taxClass.names, ctx.locale) ?? line.taxClass.name,
    }),
    deliveryWeight: line.deliveryWeight,
    energyLabelsString: line.energyLabelsString,
    energyLabelsMaxEfficiencyString: line.energyLabelsMaxEfficiencyString,
    energyLabelSourceFile: line.energyLabelSourceFile,
    productDataSheetSourceFile: line.productDataSheetSourceFile,
  };
}

/** A ProductLineItem (docs/carts-and-orders.md): the fields the cart list adds to each line. */
function listFields({ line, unitPrice }: PricedCart['lines'][number], cart: CartRecord, ctx: ViewContext) {
  return {
    intervalOrder: String(line.intervalOrder),
    minOrder: String(line.minOrder),
    orderUnitShort: line.orderUnit,
    orderUnit: line.orderUnit,
    priceQuantity: String(line.priceQuantity),
    quantityPrice: moneyOf(cart, ctx.locale)(priceTimesQuantity(unitPrice, line.priceQuantity)),
    isInWishlist: false,
  };
}

/** The TaxClass object of the spec (percentage as a number). */
export function taxClassView(taxClass: TaxClassRef) {
  return { taxClassId: taxClass.taxClassId, name: taxClass.name, percentage: Number(taxClass.percentage) };
}

function shippingMethodRef(cart: CartRecord, catalog: Catalog, locale: string) {
  if (!cart.shipping) return null;
  const method = catalog.shippingMethods.find((s) => s.shippingMethodId === cart.shipping?.methodId);
  return {
    id: cart.shipping.methodId,
    name: localize(catalog, method?.name, locale) ?? cart.shipping.methodId,
  };
}

/** The shop's basket discount rules that exist in the cart's currency, in its amounts. */
function potentialBasketDiscounts(cart: CartRecord, catalog: Catalog, locale: string) {
  const m = moneyOf(cart, locale);
  const currencies = cartCurrencies(cart, catalog);
  return basketDiscountsIn(catalog.basketDiscounts, currencies).map((rule) => {
    const figure = ruleFigure(rule, currencies);
    return {
      absolute: 'absolute' in figure ? m(figure.absolute as Minor) : null,
      minimumAmount: m(amountOf(rule.minimumAmount, currencies) as Minor),
      percent:
        'percent' in figure
          ? { percentage: Number(figure.percent), formatted: formatPercent(Number(figure.percent), locale) }
          : null,
    };
  });
}

/** Money in the cart's currency and locale; the tax type defaults to the cart's. */
function moneyOf(cart: CartRecord, locale: string) {
  return (minor: Minor, taxType: 'GROSS' | 'NET' | 'NONE' = cart.taxType) =>
    money(minor, cart.currency, locale, taxType);
}
