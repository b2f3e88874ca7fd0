import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/data/ids';
import { CLAIM_LEASE_MS, claimAttempt } from '../../lib/data/webhooks/delivery-log';
import { sendCallback } from '../../lib/data/webhooks/send-callback';
import { deleteWebhook, insertWebhook, type StoredWebhook } from '../../lib/data/webhooks/webhook-repository';
import { parseCallbackUrl } from '../../lib/domain/webhooks/callback-url';
import { deliverJob } from '../../lib/use-cases/webhooks/deliver-job';
import type { DeliveryJob } from '../../lib/use-cases/webhooks/delivery-queue';
import { clearFaults, clearLostAnswers, injectFaults, loseAnswers } from '../support/faults';
import { useLocalTable } from '../support/local-env';
import { startReceiver } from '../support/webhook-receiver';

/** The delivery core on DynamoDB Local with a real receiver: skips, dedupe, address checks at send time. */

beforeAll(() => useLocalTable());

const shopId = `hooks-${Date.now().toString(36)}`;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function webhook(callbackUrl: string): Promise<StoredWebhook> {
  const now = new Date().toISOString();
  const stored: StoredWebhook = {
    shopId,
    webhookId: newId(),
    callbackUrl,
    eventTypes: ['STOCK_OUT'],
    active: true,
    deactivatedReason: null,
    secret: 'secret-of-the-test-webhook',
    createdOn: now,
    updatedOn: now,
    version: 1,
    activation: 0,
  };
  await insertWebhook(stored);
  return stored;
}

const job = (hook: StoredWebhook, eventId = `evt_${newId()}`): DeliveryJob => ({
  shopId,
  webhookId: hook.webhookId,
  activation: hook.activation,
  event: {
    id: eventId,
    type: 'STOCK_OUT',
    createdOn: new Date().toISOString(),
    entityUrl: null,
    entity: { productId: 'p' },
  },
  attempt: 1,
});

const injected = () => new Error('injected');

const queued: { job: DeliveryJob; delayMs: number }[] = [];
const queue = {
  enqueue: async (next: DeliveryJob, delayMs: number) => void queued.push({ job: next, delayMs }),
};

describe('webhook delivery core', () => {
  it('does not call a receiver again for an event it took (a redelivered message)', async () => {
    // Prepare
    const hook = await webhook(receiver.url);
    const one = job(hook);

    // Act
    const first = await deliverJob(one, queue);
    const again = await deliverJob(one, queue);

    // Assert
    expect(first?.status).toBe('DELIVERED');
    expect(again).toBeUndefined();
    expect(receiver.received.filter((r) => r.body.id === one.event.id)).toHaveLength(1);
  });

  it('calls the receiver once when copies of one job run at once (race)', async () => {
    // Prepare
    const hook = await webhook(receiver.url);
    const one = job(hook);

    // Act
    const attempts = await Promise.all(Array.from({ length: 6 }, () => deliverJob(one, queue)));

    // Assert
    expect(attempts.filter((a) => a?.status === 'DELIVERED')).toHaveLength(1);
    expect(attempts.filter((a) => a === undefined)).toHaveLength(5);
    expect(receiver.received.filter((r) => r.body.id === one.event.id)).toHaveLength(1);
  });

  it('sends nothing when the claim fails on our side, and once when the job is tried again (fault)', async () => {
    // Prepare
    const hook = await webhook(receiver.url);
    const one = job(hook);
    injectFaults({ commands: ['UpdateItemCommand'], times: Number.POSITIVE_INFINITY, error: injected });

    // Act
    const failed = await deliverJob(one, queue).catch((error: Error) => error.message);
    clearFaults();
    const retried = await deliverJob(one, queue);

    // Assert
    expect(failed).toBe('injected');
    expect(retried?.status).toBe('DELIVERED');
    expect(receiver.received.filter((r) => r.body.id === one.event.id)).toHaveLength(1);
  });

  it('sends once when the claim is written but its answer is lost and the SDK sends it again (fault)', async () => {
    // Prepare
    const hook = await webhook(receiver.url);
    const one = job(hook);
    const lost = loseAnswers({ commands: ['UpdateItemCommand'], times: 1 });

    // Act
    const attempt = await deliverJob(one, queue).finally(clearLostAnswers);

    // Assert
    expect(lost.lost()).toBe(1);
    expect(attempt?.status).toBe('DELIVERED');
    expect(receiver.received.filter((r) => r.body.id === one.event.id)).toHaveLength(1);
  });

  it('holds a copy off while a lost record leaves its claim, then lets it send again (fault)', async () => {
    // Prepare: the receiver takes the event, then the attempt's record cannot be written
    const hook = await webhook(receiver.url);
    const one = job(hook);
    injectFaults({ commands: ['BatchWriteItemCommand'], times: Number.POSITIVE_INFINITY, error: injected });
    const failed = await deliverJob(one, queue).catch((error: Error) => error.message);
    clearFaults();

    // Act
    const copy = await deliverJob(one, queue);
    const afterLease = await claimAttempt(
      shopId,
      hook.webhookId,
      one.event.id,
      1,
      Date.now() + CLAIM_LEASE_MS + 1,
    );

    // Assert: at least once, never twice at the same time
    expect(failed).toBe('injected');
    expect(copy).toBeUndefined();
    expect(receiver.received.filter((r) => r.body.id === one.event.id)).toHaveLength(1);
    expect(afterLease).toBe(true);
  });

  it('drops the pending jobs of a deleted webhook and of one (de)activated since the event', async () => {
    // Prepare
    const deleted = await webhook(receiver.url);
    const pending = job(deleted);
    await deleteWebhook(shopId, deleted.webhookId);
    const other = await webhook(receiver.url);

    // Act
    const afterDelete = await deliverJob(pending, queue);
    const staleActivation = await deliverJob({ ...job(other), activation: other.activation - 1 }, queue);

    // Assert
    expect([afterDelete, staleActivation]).toEqual([undefined, undefined]);
    expect(receiver.received.filter((r) => r.body.id === pending.event.id)).toHaveLength(0);
  });

  it('refuses at send time a name that resolves to a blocked address, even among public ones', async () => {
    // Prepare
    const target = parseCallbackUrl('https://erp.example.com/hooks', { allowLocal: false });
    if ('problem' in target) throw new Error(target.problem);

    // Act
    const mixed = await sendCallback(target, '{}', {}, async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.8', family: 4 },
    ]);
    const metadata = await sendCallback(target, '{}', {}, async () => [
      { address: '169.254.169.254', family: 4 },
    ]);

    // Assert
    expect(mixed).toEqual({ answerCode: null, error: 'blocked address' });
    expect(metadata).toEqual({ answerCode: null, error: 'blocked address' });
  });

  it('schedules the next attempt on the queue after a failure, one minute scaled', async () => {
    // Prepare
    const failing = await startReceiver(() => 500);
    const hook = await webhook(failing.url);
    const one = job(hook);

    // Act
    const attempt = await deliverJob(one, queue);
    await failing.close();

    // Assert
    expect(attempt).toMatchObject({ status: 'FAILED', answerCode: 500, error: 'bad status' });
    const next = queued.find((q) => q.job.event.id === one.event.id);
    expect(next?.job.attempt).toBe(2);
    expect(next?.delayMs).toBe(Math.round(60_000 * Number(process.env.WEBHOOK_RETRY_SCALE ?? 1)));
  });

  it('gives up an answer that does not come within 10 s as a timeout', async () => {
    // Prepare
    const hanging = await startReceiver(() => 'hang');
    const target = parseCallbackUrl(hanging.url, { allowLocal: true });
    if ('problem' in target) throw new Error(target.problem);

    // Act
    const started = Date.now();
    const outcome = await sendCallback(target, '{}', {});
    const took = Date.now() - started;
    await hanging.close();

    // Assert
    expect(outcome).toEqual({ answerCode: null, error: 'timeout' });
    expect(took).toBeGreaterThanOrEqual(9_900);
  }, 20_000);
});
