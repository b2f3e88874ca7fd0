import type { CartRecord } from '../cart/cart';
import { priceCart } from '../cart/cart-pricing';
import { cartView } from '../cart/cart-view';
import { type Catalog, localize } from '../catalog/catalog';
import { stockDemands } from '../inventory/stock-demand';
import type { ViewContext } from '../links';
import { ORDER_TIMESTAMPS, type OrderRecord, type OrderTimestamp } from './order';

/** Who the order is for and what it is called; decided by checkout (lib/data/orders/place-order.ts). */
export interface OrderIdentity {
  orderId: string;
  orderNumber: string;
  customerId: string;
  customerNumber: string;
}

/**
 * The order a cart becomes: every figure priced once, now, and frozen (the spec: "order content is
 * taken as valid ... and is not validated again"), rendered in the cart's locale.
 */
export function buildOrder(
  cart: CartRecord,
  catalog: Catalog,
  ctx: ViewContext,
  identity: OrderIdentity,
  now: string,
): OrderRecord {
  const priced = priceCart(cart, catalog, new Date(now));
  const view = cartView(cart, catalog, ctx);
  const paymentName = cart.payment?.name ?? null;
  return {
    shopId: cart.shopId,
    ...identity,
    cartId: cart.cartId,
    createdAt: now,
    locale: cart.locale,
    currency: cart.currency,
    taxModel: cart.taxType,
    billingAddress: cart.billingAddress ?? {},
    shippingAddress: cart.shippingAddress,
    shippingMethodId: cart.shipping?.methodId ?? null,
    paymentMethodName: paymentName,
    couponCode: cart.coupon?.code ?? null,
    lines: priced.lines.map(({ line, unitPrice, amount }) => ({
      lineItemId: line.lineItemId,
      productId: line.productId,
      sku: line.sku,
      name: localize(catalog, line.name, cart.locale) ?? line.sku,
      variationString: localize(catalog, line.variationString, cart.locale),
      names: line.name,
      variationStrings: line.variationString,
      quantity: line.quantity,
      unit: line.orderUnit,
      unitPrice,
      amount,
      taxClassId: line.taxClass.taxClassId,
      taxPercentage: line.taxClass.percentage,
    })),
    taxes: priced.totals.taxes.map((t) => ({
      taxClassId: t.taxClass.taxClassId,
      name:
        localize(catalog, catalog.taxClasses.get(t.taxClass.taxClassId)?.name, cart.locale) ??
        t.taxClass.name,
      names: catalog.taxClasses.get(t.taxClass.taxClassId)?.name,
      percentage: t.taxClass.percentage,
      net: t.net,
      tax: t.tax,
      gross: t.gross,
    })),
    totals: {
      lineItemsSubTotal: priced.totals.lineItemsSubTotal,
      shipping: priced.shipping,
      payment: priced.payment,
      coupon: priced.coupon?.amount ?? 0,
      basketDiscount: priced.basketDiscount?.amount ?? 0,
      grandTotal: priced.totals.grandTotal,
      totalBeforeTax: priced.totals.totalBeforeTax,
      totalTax: priced.totals.totalTax,
    },
    seller: { name: catalog.settings.name, address: catalog.settings.address },
    view: {
      lineItemContainer: view.lineItemContainer,
      shippingData: view.shippingData,
      paymentData: {
        ...view.paymentData,
        // PUT payment-data (docs/carts-and-orders.md): the name given there is the order's payment method.
        paymentMethod: paymentName
          ? { id: 'custom', name: paymentName, providerName: 'custom', additionalData: null }
          : null,
      },
    },
    timestamps: Object.fromEntries(ORDER_TIMESTAMPS.map((t) => [t, null])) as Record<
      OrderTimestamp,
      string | null
    >,
    customerComment: null,
    internalNote: null,
    updatedAt: now,
    // The same rule and catalog the checkout takes stock with (use-cases/inventory/order-with-stock.ts).
    stockTaken: stockDemands(cart.lineItems, catalog.products).demands.map(({ productId, units }) => ({
      productId,
      units,
    })),
  };
}
