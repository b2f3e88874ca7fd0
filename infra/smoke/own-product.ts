import type { SmokeApi } from './api-client';
import type { Made } from './made';
import { SmokeFailure } from './smoke-failure';
import type { StepRunner } from './step-runner';

/** The smoke product's price in the shop's default currency, and its stock: enough to be bought. */
export const SMOKE_PRICE = 25;
export const SMOKE_STOCK = 100;

/** The name of a run's product: says whose it is, so a shopper or merchant who sees it knows. */
export function smokeProductName(runId: string): string {
  return `Smoke test product ${runId} (npm run smoke; deleted when the run ends)`;
}

/**
 * Step 2a: creates the run's own product, visible (a cart takes visible products only) and tracked,
 * so the checkout goes through the stock path a real sale takes.
 */
export async function createOwnProduct(api: SmokeApi, steps: StepRunner, made: Made, runId: string) {
  await steps.run('create product', async () => {
    const answer = await api.call<{ productId?: string }>('createProduct', {
      body: { name: smokeProductName(runId), price: SMOKE_PRICE, stocklevel: SMOKE_STOCK, visible: true },
      expect: 201,
    });
    if (typeof answer.body?.productId !== 'string')
      throw new SmokeFailure(`${answer.request}: the answer has no productId`, answer.status);
    made.productId = answer.body.productId;
    return answer;
  });
}
