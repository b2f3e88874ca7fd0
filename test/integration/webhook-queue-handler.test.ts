import type { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDeliverer,
  handleRecord,
  MAX_MESSAGE_BYTES,
  sqsQueue,
} from '../../functions/webhooks/deliver-webhooks';
import { newId } from '../../lib/data/ids';
import { keys } from '../../lib/data/keys';
import { insertWebhook } from '../../lib/data/webhooks/webhook-repository';
import type { DeliveryJob } from '../../lib/use-cases/webhooks/delivery-queue';
import { countAnswered } from '../support/faults';
import { useLocalTable } from '../support/local-env';
import { startReceiver } from '../support/webhook-receiver';

/** The AWS delivery function's message handling (SQS records), with a recording queue and a real receiver. */

beforeAll(() => useLocalTable());
const shopId = `hook-sqs-${Date.now().toString(36)}`;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let webhookId: string;
beforeAll(async () => {
  receiver = await startReceiver();
  webhookId = newId();
  const now = new Date().toISOString();
  await insertWebhook({
    shopId,
    webhookId,
    callbackUrl: receiver.url,
    eventTypes: ['PRODUCT_DELETE'],
    active: true,
    deactivatedReason: null,
    secret: 'sqs-test-secret',
    createdOn: now,
    updatedOn: now,
    version: 1,
    activation: 0,
  });
});
afterAll(() => receiver.close());

const sqsRecord = (body: unknown, messageId = newId()): SQSRecord =>
  ({ messageId, body: JSON.stringify(body) }) as SQSRecord;

function recordingQueue() {
  const sent: { job: DeliveryJob; delayMs: number }[] = [];
  return { sent, enqueue: async (job: DeliveryJob, delayMs: number) => void sent.push({ job, delayMs }) };
}

const job = (): DeliveryJob => ({
  shopId,
  webhookId,
  activation: 0,
  event: {
    id: `evt_${newId()}`,
    type: 'PRODUCT_DELETE',
    createdOn: new Date().toISOString(),
    entityUrl: null,
    entity: { productId: 'x' },
  },
  attempt: 1,
});

describe('webhook delivery function (SQS)', () => {
  it('fans an EventBridge event out into one job per subscribed webhook, sent back to the queue', async () => {
    // Prepare
    const queue = recordingQueue();
    const event = {
      version: '0',
      id: 'eb-1',
      'detail-type': 'ProductDeleted',
      source: `shop-api.${shopId}`,
      time: '2026-11-26T03:00:00Z',
      detail: { shopId, productId: 'p-1', productNumber: 'N-1' },
    };

    // Act
    await handleRecord(sqsRecord(event), queue);

    // Assert
    expect(queue.sent).toHaveLength(1);
    expect(queue.sent[0]).toMatchObject({
      delayMs: 0,
      job: {
        shopId,
        webhookId,
        attempt: 1,
        event: { type: 'PRODUCT_DELETE', entity: { productId: 'p-1', productNumber: 'N-1' } },
      },
    });
  });

  it('sends a due job, and sends one that arrived early back for the rest of its wait (hops past 15 minutes)', async () => {
    // Prepare
    const queue = recordingQueue();
    const due = job();
    const early = job();
    const now = Date.now();

    // Act
    await handleRecord(sqsRecord({ job: due, notBefore: now - 5 }), queue, now);
    await handleRecord(sqsRecord({ job: early, notBefore: now + 3_600_000 }), queue, now);

    // Assert
    expect(receiver.received.map((r) => r.body.id)).toContain(due.event.id);
    expect(receiver.received.map((r) => r.body.id)).not.toContain(early.event.id);
    expect(queue.sent).toEqual([{ job: early, delayMs: 3_600_000 }]);
  });

  it('sends a job too big for an SQS message without its entity, and the attempt reads it again', async () => {
    // Prepare: a job whose entity alone is larger than a message may be
    const sent: SendMessageCommand[] = [];
    const queue = sqsQueue('https://sqs.local/queue', async (command) => {
      sent.push(command);
      return {} as never;
    });
    const big: DeliveryJob = {
      ...job(),
      source: { shopId, productId: 'p-big', productNumber: 'N-big' },
    };
    big.event.entity = { productId: 'p-big', padding: 'x'.repeat(300_000) };

    // Act
    await queue.enqueue(big, 0);
    const body = sent[0]?.input.MessageBody ?? '';
    await handleRecord(sqsRecord(JSON.parse(body)), recordingQueue());

    // Assert: a message SQS takes, and the receiver gets the entity as the event's detail gives it
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    const [got] = await receiver.waitFor((r) => r.body.id === big.event.id);
    expect(got?.body.entity).toEqual({ productId: 'p-big', productNumber: 'N-big' });
  });

  it("reads the shop's webhooks once for a batch of events and once for a batch of its jobs", async () => {
    // Prepare: ten events of the shop in one batch, then ten due jobs of its webhook in another
    const queue = recordingQueue();
    const deliver = createDeliverer(queue);
    const events = Array.from({ length: 10 }, (_, i) =>
      sqsRecord({
        'detail-type': 'ProductDeleted',
        time: new Date().toISOString(),
        detail: { shopId, productId: `p-batch-${i}`, productNumber: `N-${i}` },
      }),
    );
    const jobs = Array.from({ length: 10 }, () => sqsRecord({ job: job(), notBefore: 0 }));
    const webhooksPartition = keys.webhooks(shopId);
    const reads = countAnswered(
      (command, input) =>
        (command === 'QueryCommand' || command === 'GetItemCommand') &&
        JSON.stringify(input).includes(webhooksPartition),
    );

    // Act
    const fannedOut = await deliver({ Records: events });
    const afterEvents = reads.count();
    const attempted = await deliver({ Records: jobs });
    reads.stop();

    // Assess: every message handled, one read per batch
    expect([fannedOut, attempted]).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect(queue.sent).toHaveLength(10);
    expect([afterEvents, reads.count()]).toEqual([1, 2]);
  });

  it('reports a record it cannot handle as a batch item failure and handles the others', async () => {
    // Prepare
    const deliver = createDeliverer(recordingQueue());
    const good = sqsRecord({ job: job(), notBefore: 0 }, 'good');
    const broken = sqsRecord('{not json', 'broken');
    broken.body = '{not json';

    // Act
    const answer = await deliver({ Records: [good, broken] });

    // Assert
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'broken' }] });
  });
});
