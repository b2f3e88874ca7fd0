import { randomBytes } from 'node:crypto';
import { smokeApi } from './api-client';
import { checkOut } from './checkout';
import { cleanUp } from './clean-up';
import { leftoversOf, type Made } from './made';
import { createOwnProduct } from './own-product';
import { checkProductImage } from './product-image';
import { readPublicRoutes } from './public-reads';
import type { SmokeReport } from './smoke-report';
import { StepFailure, stepRunner } from './step-runner';

export interface SmokeOptions {
  /** The API's base URL (the stack's ApiUrl output, or the twin's http://127.0.0.1:3000). */
  url: string;
  shop: string;
  /** A merchant token of the shop with every scope. */
  token: string;
  /** Gets one line per step as it ends. */
  log: (line: string) => void;
  /** How long one request may take (default 30 s). */
  timeoutMs?: number;
}

/**
 * The smoke test of a freshly deployed shop (docs/deploy.md "6. Smoke test the deployed shop"): the
 * public reads, a product of its own with an image, a checkout of it, then the clean-up, which runs
 * however far the rest got. Stops at the first failure; never throws for a failed check: the report
 * says which step failed and what stays behind.
 */
export async function runSmoke(options: SmokeOptions): Promise<SmokeReport> {
  const started = performance.now();
  // Time first, so runs sort; random last, so two runs in the same millisecond differ.
  const runId = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const api = smokeApi(options);
  const steps = stepRunner(options.log);
  const made: Made = {};
  let failure: StepFailure | null = null;
  const { log } = options;
  log(`smoke test ${runId} of shop ${options.shop} at ${options.url}`);
  try {
    log('1. public reads');
    const found = await readPublicRoutes(api, steps);
    log('2. a product of its own, with an image');
    await createOwnProduct(api, steps, made, runId);
    await checkProductImage(api, steps, made);
    log('3. checkout');
    await checkOut(api, steps, made, found);
  } catch (error) {
    // A check that failed is a StepFailure; anything else is a fault of the smoke test itself.
    failure = error instanceof StepFailure ? error : new StepFailure('smoke test', String(error));
  } finally {
    if (made.productId || made.cartId) log('4. clean-up');
    const cleanUpFailure = await cleanUp(api, steps, made);
    failure ??= cleanUpFailure;
  }
  return {
    ok: failure === null,
    runId,
    steps: [...steps.results],
    leftovers: leftoversOf(made),
    made,
    failure: failure && { step: failure.step, message: failure.message },
    ms: Math.round(performance.now() - started),
  };
}
