import type { SmokeApi } from './api-client';
import type { Made } from './made';
import { SmokeFailure } from './smoke-failure';
import { StepFailure, type StepRunner } from './step-runner';

/**
 * Step 4, also after a failure midway: cancels the run's order (orders are never deleted; setting
 * `rejectedOn` puts its stock back and takes it out of the sales figures, docs/orders.md) and deletes
 * the run's product, which takes its images along. Tries each removal even when one fails; never
 * throws, answers the first failure (or null).
 */
export async function cleanUp(api: SmokeApi, steps: StepRunner, made: Made): Promise<StepFailure | null> {
  let first: StepFailure | null = null;
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      first ??= error instanceof StepFailure ? error : new StepFailure('clean up', String(error));
    }
  };
  const { orderId, productId } = made;
  if (orderId && !made.orderCancelled)
    await attempt(async () => {
      await steps.run('cancel order', async () => {
        const answer = await api.call<{ rejectedOn?: string | null }>('patchOrder', {
          params: { orderId },
          body: [{ op: 'add', path: '/rejectedOn' }],
        });
        if (!answer.body?.rejectedOn)
          throw new SmokeFailure(`${answer.request}: the order's rejectedOn is still not set`, 200);
        return answer;
      });
      made.orderCancelled = true;
    });
  if (productId && !made.productDeleted)
    await attempt(async () => {
      await steps.run('delete product', () =>
        api.call('deleteProduct', { params: { productId }, expect: 204 }),
      );
      made.productDeleted = true;
      await steps.run('check product is gone', () =>
        api.call('getProduct', { params: { productId }, expect: 404 }),
      );
    });
  return first;
}
