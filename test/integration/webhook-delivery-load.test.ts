import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagSummary, runWebhookLoad } from '../../infra/bench/webhook-delivery-load';
import { TimerQueue } from '../../infra/local/webhooks/timer-queue';
import { resetConfig } from '../../lib/config';
import { useLocalTable } from '../support/local-env';

/**
 * The webhook budget of issue "Webhooks" on the twin's delivery code (fan-out, TimerQueue,
 * deliverJob) against DynamoDB Local and three real receivers (infra/bench/webhook-delivery-load.ts):
 * 1,000 events, one receiver failing the first two attempts of every event, one down (refusing
 * connections) for the first 30 s. Every event reaches every receiver, none is lost, every signature
 * holds. The healthy receiver's event-to-delivery times are printed here and measured by
 * `npm run bench:scale -- --parts webhook-delivery` (speed budgets belong to the benchmark).
 */

const EVENTS = 1000;
/**
 * The schedule scaled so the down receiver's retries outlast its 30 s: attempt 9 comes 30.7 s after
 * an event's first, so every event emitted in the first few seconds reaches it 31–35 s in.
 */
const RETRY_SCALE = '0.0021';

let queue: TimerQueue;
beforeAll(() => {
  process.env.WEBHOOK_RETRY_SCALE = RETRY_SCALE;
  process.env.WEBHOOK_ALLOW_LOCAL = 'true';
  useLocalTable();
  resetConfig();
  queue = new TimerQueue();
});
afterAll(() => queue.stop());

describe('webhook delivery under load (twin)', () => {
  it('delivers 1,000 events to 3 receivers, one flaky and one down for 30 s: none lost, every signature valid', async () => {
    // Act
    const result = await runWebhookLoad({ queue, events: EVENTS, downMs: 30_000, withOthers: true });

    // Assert
    const lags = lagSummary(result.healthyLags);
    console.log(`webhook load: healthy p50 ${lags.p50} ms, p99 ${lags.p99} ms, max ${lags.max} ms`);
    expect(result.healthy).toEqual({ requests: EVENTS, events: EVENTS, badSignatures: 0 });
    expect(result.flaky).toEqual({ requests: 3 * EVENTS, events: EVENTS, badSignatures: 0 });
    expect(result.down).toEqual({ requests: EVENTS, events: EVENTS, badSignatures: 0 });
  }, 180_000);
});
