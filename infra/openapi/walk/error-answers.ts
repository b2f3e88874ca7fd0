import type { OrderedCart } from './cart-to-order';
import type { Step } from './steps';

/**
 * Requests that fail on purpose (unnamed): their answers are the document's shared error responses
 * (the examples' `_errors`, one per status).
 */
export async function walkErrorAnswers(step: Step, ordered: OrderedCart): Promise<void> {
  const { path: c, cartToken } = ordered;
  // The cart is ordered: 410 comes before the body's check.
  await step(null, 410, 'POST', `${c}/line-items`, { productId: 'merino-beanie', quantity: -1 }, cartToken);
  await step(null, 403, 'GET', c);
  await step(null, 404, 'GET', '/products/no-such-product');
  await step(null, 406, 'GET', '/products', undefined, { accept: 'application/json' });
  await step(null, 410, 'GET', c, undefined, cartToken);
}
