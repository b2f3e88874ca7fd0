import { routes } from '../../lib/routes';
import type { SampleAnswer } from './sample-event';
import { RETURNING_BUYER_BILLING } from './seed/returning-buyer';

type Invoke = (
  route: (typeof routes)[keyof typeof routes],
  shopId: string,
  body?: string,
  replacements?: Record<string, string>,
) => Promise<{ body: SampleAnswer; headers?: Record<string, string | number | boolean> }>;

/** The demo product the checkout samples buy (over the demo shop's 5.00 minimum). */
const SAMPLE_LINE = { productId: 'espresso-beans', quantity: 2 };

/**
 * Placeholder factories of the cart and order samples, each making its objects through the
 * handlers (no shortcuts into the table): a cart with a line, with a coupon, ready to order, and
 * an order.
 */
export function checkoutFactories(invoke: Invoke) {
  const cartWithLine = async (shopId: string) => {
    const { body, headers } = await invoke(
      routes.createCart,
      shopId,
      JSON.stringify({ lineItems: [SAMPLE_LINE] }),
    );
    return {
      cartId: body.cartId,
      token: String(headers?.['X-Service-Cart-Token']),
      lineItemId: body.lineItemContainer.productLineItems[0]?.lineItemId as string,
    };
  };
  // Points another route's sample at this cart, whichever cart placeholders it names.
  const onCart = (cart: { cartId: string; token: string }) =>
    Object.fromEntries(
      ['', 'LINE_', 'ORDERABLE_'].flatMap((family) => [
        [`{{${family}CART_ID}}`, cart.cartId],
        [`{{${family}CART_TOKEN}}`, cart.token],
      ]),
    );
  const orderableCart = async (shopId: string) => {
    const cart = await cartWithLine(shopId);
    await invoke(routes.putBillingAddress, shopId, JSON.stringify(RETURNING_BUYER_BILLING), onCart(cart));
    return cart;
  };
  return [
    {
      placeholders: ['{{LINE_CART_ID}}', '{{LINE_CART_TOKEN}}', '{{LINE_ITEM_ID}}'],
      make: async (shopId: string) => {
        const cart = await cartWithLine(shopId);
        return {
          '{{LINE_CART_ID}}': cart.cartId,
          '{{LINE_CART_TOKEN}}': cart.token,
          '{{LINE_ITEM_ID}}': cart.lineItemId,
        };
      },
    },
    {
      placeholders: ['{{COUPON_CART_ID}}', '{{COUPON_CART_TOKEN}}', '{{COUPON_LINE_ITEM_ID}}'],
      make: async (shopId: string) => {
        const cart = await cartWithLine(shopId);
        const { body } = await invoke(routes.addCoupon, shopId, JSON.stringify({ code: 'WELCOME10' }), {
          ...onCart(cart),
          'application/x-www-form-urlencoded': 'application/json',
        });
        return {
          '{{COUPON_CART_ID}}': cart.cartId,
          '{{COUPON_CART_TOKEN}}': cart.token,
          '{{COUPON_LINE_ITEM_ID}}': body.lineItemContainer.couponLineItem.couponLineItemId,
        };
      },
    },
    {
      placeholders: ['{{ORDERABLE_CART_ID}}', '{{ORDERABLE_CART_TOKEN}}'],
      make: async (shopId: string) => {
        const cart = await orderableCart(shopId);
        return { '{{ORDERABLE_CART_ID}}': cart.cartId, '{{ORDERABLE_CART_TOKEN}}': cart.token };
      },
    },
    {
      placeholders: ['{{ORDER_ID}}'],
      make: async (shopId: string) => {
        const cart = await orderableCart(shopId);
        const { body } = await invoke(routes.createOrder, shopId, undefined, onCart(cart));
        return { '{{ORDER_ID}}': body.orderId };
      },
    },
  ];
}
