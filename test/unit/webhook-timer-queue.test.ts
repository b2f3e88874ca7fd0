import { describe, expect, it, vi } from 'vitest';
import type { DeliveryJob } from '../../lib/use-cases/webhooks/delivery-queue';

/**
 * The twin's delivery queue shares its slots between webhooks (infra/local/webhooks/timer-queue.ts):
 * the attempts are stubbed (deliverJob is what the integration tests cover); what is checked is how
 * many run at once for each webhook.
 */

const running = new Map<string, number>();
const mostAtOnce = new Map<string, number>();
const failingWebhooks = new Set<string>();
let finished = 0;

vi.mock('../../lib/use-cases/webhooks/deliver-job', () => ({
  deliverJob: async (job: DeliveryJob) => {
    const now = (running.get(job.webhookId) ?? 0) + 1;
    running.set(job.webhookId, now);
    mostAtOnce.set(job.webhookId, Math.max(now, mostAtOnce.get(job.webhookId) ?? 0));
    await new Promise((done) => setTimeout(done, 5));
    running.set(job.webhookId, (running.get(job.webhookId) ?? 1) - 1);
    finished += 1;
    return { status: failingWebhooks.has(job.webhookId) ? 'FAILED' : 'DELIVERED' };
  },
}));

const { TimerQueue } = await import('../../infra/local/webhooks/timer-queue');

const job = (webhookId: string, n: number): DeliveryJob => ({
  shopId: 'shop',
  webhookId,
  activation: 0,
  event: { id: `evt-${n}`, type: 'STOCK_OUT', createdOn: '', entityUrl: null, entity: {} },
  attempt: 1,
});

const finishedAll = (count: number) => vi.waitFor(() => expect(finished).toBe(count), { timeout: 5000 });

describe('twin delivery queue', () => {
  it('gives a webhook half the slots, and an eighth while its receiver fails', async () => {
    // Prepare: the down receiver's first attempt fails
    const queue = new TimerQueue(16);
    failingWebhooks.add('down');
    await queue.enqueue(job('down', 0), 0);
    await finishedAll(1);
    mostAtOnce.clear();

    // Act
    for (let n = 1; n <= 40; n++) {
      await queue.enqueue(job('down', n), 0);
      await queue.enqueue(job('healthy', n), 0);
    }
    await finishedAll(81);
    await queue.stop();

    // Assert
    expect(mostAtOnce.get('healthy')).toBe(8);
    expect(mostAtOnce.get('down')).toBe(2);
  });
});
