import type { RouteName } from '../../lib/routes';
import type { ApiAnswer, SmokeApi } from './api-client';
import type { Made } from './made';
import { SMOKE_PRICE, SMOKE_STOCK } from './own-product';
import type { Found } from './public-reads';
import { SmokeFailure } from './smoke-failure';
import type { StepRunner } from './step-runner';

/** The parts of a cart answer the checkout step uses. */
interface CartView {
  cartId?: string;
  minimumCart?: { status?: boolean; amount?: { amount?: number; formatted?: string } | null };
  lineItemContainer?: { productLineItems?: { lineItemId?: string; productId?: string }[] };
  cartValidation?: { possibleShippingMethods?: string[] };
}

/** The parts of an order answer the checkout step uses. */
interface OrderView {
  orderId?: string;
  orderNumber?: string;
  customerId?: string | null;
  customerNumber?: string | null;
}

/** The GET routes the checkout step reads (route-coverage.ts counts them as read). */
export const CHECKOUT_READS = ['getCart', 'getOrder'] as const satisfies readonly RouteName[];

/**
 * The buyer of every smoke order: one fixed address (example.com never delivers mail), so the
 * checkout finds the customer the first run made instead of adding one per run.
 */
export const SMOKE_BUYER_EMAIL = 'smoke-test@example.com';

/**
 * Step 3: a cart with the run's product, billing address, shipping and payment data, the checkout
 * and the order read back; `made` learns the cart, order and customer as they come.
 */
export async function checkOut(api: SmokeApi, steps: StepRunner, made: Made, found: Found): Promise<void> {
  const productId = made.productId as string;
  const created = await steps.run('create cart', async () => {
    const answer = await api.call<CartView>('createCart', {
      body: { lineItems: [{ productId, quantity: 1 }] },
      expect: 201,
    });
    if (typeof answer.body?.cartId === 'string') made.cartId = answer.body.cartId;
    if (!made.cartId || !answer.headers.get('x-service-cart-token'))
      throw new SmokeFailure(`${answer.request}: the answer has no cartId or no X-Service-Cart-Token`, 201);
    return answer;
  });
  const cartId = made.cartId as string;
  const cartToken = created.headers.get('x-service-cart-token') as string;
  const inCart = { params: { cartId }, cartToken };

  await reachMinimum(api, steps, created, inCart);
  made.buyerEmail = SMOKE_BUYER_EMAIL;
  const billed = await steps.run('set billing address', () =>
    api.call<CartView>('putBillingAddress', {
      ...inCart,
      body: {
        firstName: 'Smoke',
        lastName: 'Test',
        street: 'Smoke test street 1',
        zipCode: '10115',
        city: 'Smoke test',
        // The shop's own country: the one its shipping methods surely deliver to.
        country: found.country ?? 'DE',
        emailAddress: SMOKE_BUYER_EMAIL,
      },
    }),
  );
  const method = shippingMethodFor(billed.body, found);
  if (method)
    await steps.run('set shipping data', () =>
      api.call('putShippingData', { ...inCart, body: { id: method.id } }),
    );
  else steps.skip('set shipping data', 'the shop has no shipping method');
  await steps.run('set payment data', () =>
    api.call('putPaymentData', { ...inCart, body: { name: 'Invoice', priceAmount: 0 } }),
  );
  await steps.run('read cart', async () => {
    const answer = await api.call<CartView>('getCart', inCart);
    const lines = answer.body?.lineItemContainer?.productLineItems ?? [];
    if (!lines.some((line) => line.productId === productId))
      throw new SmokeFailure(`${answer.request}: the cart has no line of product ${productId}`, 200);
    return answer;
  });

  made.checkoutSent = true;
  const order = await steps.run('check out', async () => {
    const answer = await api.call<OrderView>('createOrder', { ...inCart, expect: 201 });
    if (typeof answer.body?.orderId !== 'string')
      throw new SmokeFailure(`${answer.request}: the answer has no orderId`, 201);
    made.orderId = answer.body.orderId;
    made.orderNumber = answer.body.orderNumber;
    made.customerId = answer.body.customerId ?? undefined;
    made.customerNumber = answer.body.customerNumber ?? undefined;
    return answer;
  });
  await steps.run('read order', async () => {
    const answer = await api.call<OrderView>('getOrder', { params: { orderId: made.orderId as string } });
    if (answer.body?.orderNumber !== order.body.orderNumber)
      throw new SmokeFailure(
        `${answer.request}: order number ${answer.body?.orderNumber}, the checkout said ${order.body.orderNumber}`,
        200,
      );
    return answer;
  });
}

/**
 * A shop may set a minimum cart value (the cart's `minimumCart`): below it the checkout is 400, so
 * the line is raised to the quantity that reaches it.
 */
async function reachMinimum(
  api: SmokeApi,
  steps: StepRunner,
  created: ApiAnswer<CartView>,
  inCart: { params: { cartId: string }; cartToken: string },
): Promise<void> {
  const minimum = created.body?.minimumCart;
  if (minimum?.status !== false) return;
  // One unit more than the division says: a NET shop's subtotal or a rounding may fall just short.
  const quantity = Math.ceil(Number(minimum.amount?.amount) / SMOKE_PRICE) + 1;
  const lineItemId = created.body?.lineItemContainer?.productLineItems?.[0]?.lineItemId;
  await steps.run('raise quantity to the minimum cart value', async () => {
    if (!(quantity <= SMOKE_STOCK) || typeof lineItemId !== 'string')
      throw new SmokeFailure(
        `the shop's minimum cart value ${minimum.amount?.formatted} needs more than the ${SMOKE_STOCK} units of the smoke product`,
      );
    const answer = await api.call<CartView>('updateLineItem', {
      params: { ...inCart.params, lineItemId },
      cartToken: inCart.cartToken,
      body: { quantity },
    });
    if (answer.body?.minimumCart?.status === false)
      throw new SmokeFailure(`${answer.request}: ${quantity} units still miss the minimum cart value`, 200);
    return answer;
  });
}

/** The shipping method to choose: the first of the shop's that the cart says is possible, else its first. */
function shippingMethodFor(cart: CartView | undefined, found: Found): { id: string } | undefined {
  const possible = cart?.cartValidation?.possibleShippingMethods ?? [];
  return found.shippingMethods.find((m) => possible.includes(m.name)) ?? found.shippingMethods[0];
}
