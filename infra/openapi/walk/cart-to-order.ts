import { ADDRESS, type Answer, field, type Step } from './steps';

/** The cart the walk ordered: its path (`/carts/{cartId}`) and its cart token header. */
export interface OrderedCart {
  path: string;
  cartToken: Record<string, string>;
}

/** The line item id of a product in a cart answer. */
function lineOf(answer: Answer, productId: string): string {
  const cart = answer.body as {
    lineItemContainer: { productLineItems: { productId: string; lineItemId: string }[] };
  };
  return cart.lineItemContainer.productLineItems.find((l) => l.productId === productId)?.lineItemId as string;
}

/**
 * A cart from creation to order, every cart route on the way (line items, coupon, addresses,
 * shipping and payment data, a price set by the merchant), then the order: read, patched, its invoice
 * and the sales figures. Answers the ordered cart, on which the error calls then get 403 and 410.
 */
export async function walkCartToOrder(step: Step): Promise<OrderedCart> {
  const cart = await step('createCart', 201, 'POST', '/carts', {
    currency: 'EUR',
    locale: 'en_GB',
    lineItems: [{ productId: 'merino-beanie', quantity: 2 }],
  });
  const cartToken = { 'x-service-cart-token': cart.headers.get('x-service-cart-token') as string };
  const c = `/carts/${field(cart, 'cartId')}`;
  await step('getCart', 200, 'GET', c, undefined, cartToken);
  const added = await step(
    'addLineItem',
    201,
    'POST',
    `${c}/line-items`,
    { productId: 'socks-pair-pack', quantity: 2 },
    cartToken,
  );
  const socks = lineOf(added, 'socks-pair-pack');
  await step('updateLineItem', 200, 'PUT', `${c}/line-items/${socks}`, { quantity: 4 }, cartToken);
  const multi = await step(
    'addMultiLineItems',
    201,
    'POST',
    `${c}/multi-line-items`,
    [{ productId: 'softshell-gloves', quantity: 1 }],
    cartToken,
  );
  const gloves = lineOf(multi, 'softshell-gloves');
  await step('deleteLineItem', 200, 'DELETE', `${c}/line-items/${gloves}`, undefined, cartToken);
  const coupon = await step('addCoupon', 200, 'POST', `${c}/coupon`, { code: 'WELCOME10' }, cartToken);
  const couponId = (coupon.body as { lineItemContainer: { couponLineItem: { couponLineItemId: string } } })
    .lineItemContainer.couponLineItem.couponLineItemId;
  await step('removeCoupon', 200, 'DELETE', `${c}/coupon/${couponId}`, undefined, cartToken);
  await step('putShippingAddress', 200, 'PUT', `${c}/shipping-address`, ADDRESS, cartToken);
  await step('deleteShippingAddress', 200, 'DELETE', `${c}/shipping-address`, undefined, cartToken);
  await step('putBillingAddress', 200, 'PUT', `${c}/billing-address`, ADDRESS, cartToken);
  await step('deleteBillingAddress', 200, 'DELETE', `${c}/billing-address`, undefined, cartToken);
  // The checkout needs a billing address again. Unnamed, so the example above stays the first put's
  // (this answer lands in the examples' `_errors` under 200, where the document never looks).
  await step(null, 200, 'PUT', `${c}/billing-address`, ADDRESS, cartToken);
  await step('putShippingData', 200, 'PUT', `${c}/shipping-data`, { id: 'dhl-standard' }, cartToken);
  const payment = { name: 'Invoice', priceAmount: 0 };
  await step('putPaymentData', 200, 'PUT', `${c}/payment-data`, payment, cartToken);
  const beanie = lineOf(added, 'merino-beanie');
  const price = { singleItemPrice: 12.5 };
  await step('putProductPrice', 200, 'PUT', `${c}/line-items/${beanie}/product-price`, price, cartToken);
  await step('listCarts', 200, 'GET', '/carts?resultsPerPage=1');
  const order = await step('createOrder', 201, 'POST', `${c}/order`, undefined, cartToken);
  const o = `/orders/${field(order, 'orderId')}`;
  await step('listOrders', 200, 'GET', '/orders?resultsPerPage=1');
  await step('getOrder', 200, 'GET', o);
  await step('patchOrder', 200, 'PATCH', o, [
    { op: 'add', path: '/paidOn' },
    { op: 'add', path: '/internalNote', value: 'Bank transfer, ref 4471' },
  ]);
  await step('createDocument', 201, 'POST', `${o}/documents`, { documentType: 'Invoice' });
  await step('listDocuments', 200, 'GET', `${o}/documents`);
  await step('getSales', 200, 'GET', '/sales');
  return { path: c, cartToken };
}
