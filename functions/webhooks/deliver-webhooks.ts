import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { AWS_REQUEST_HANDLER } from '../../lib/data/client-settings';
import type { BusEvent } from '../../lib/domain/webhooks/webhook-event';
import { log } from '../../lib/log';
import { deliverJob } from '../../lib/use-cases/webhooks/deliver-job';
import type { DeliveryJob, DeliveryQueue } from '../../lib/use-cases/webhooks/delivery-queue';
import { fanOut } from '../../lib/use-cases/webhooks/fan-out';
import { EACH_READ, readsOfOneBatch, type WebhookReads } from '../../lib/use-cases/webhooks/webhook-reads';

/**
 * The webhook delivery function (not an API route; docs/webhooks.md "How it runs"). It reads one
 * SQS queue that carries two kinds of messages:
 * - domain events, put there by the shop's EventBridge rule: fanned out into one job per
 *   subscribed webhook, each sent back to the queue as a message of its own;
 * - jobs: one attempt each (deliverJob); a retry is the job sent again with a message delay. A job
 *   too big for a message (an order of 100 long lines) goes without its entity, which each attempt
 *   then reads again.
 * SQS delays top out at 15 minutes, so a longer wait is made of hops: a job that arrives before
 * its `notBefore` goes back for the rest of it. Records are handled concurrently, so a slow
 * receiver holds up only its own message; a record that fails here (DynamoDB down) is reported and
 * redelivered by SQS, and after the queue's maxReceiveCount parked in its dead-letter queue.
 */

const MAX_DELAY_S = 900;
/** SQS takes messages up to 256 KiB; a job above this goes without its entity (read at each attempt). */
export const MAX_MESSAGE_BYTES = 250_000;

interface JobMessage {
  job: DeliveryJob;
  /** Epoch ms before which the job must not run. */
  notBefore: number;
}

let client: SQSClient | undefined;
const sqs = () => {
  client ??= new SQSClient({ maxAttempts: 3, requestHandler: AWS_REQUEST_HANDLER });
  return client;
};

/** The delivery queue as SQS: a job is a message, its delay a message delay (in hops past 15 min). */
export function sqsQueue(
  queueUrl: string,
  send = (command: SendMessageCommand) => sqs().send(command),
): DeliveryQueue {
  return {
    async enqueue(job, delayMs) {
      const notBefore = Date.now() + delayMs;
      let body = JSON.stringify({ job, notBefore } satisfies JobMessage);
      if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES && job.source)
        body = JSON.stringify({ job: { ...job, event: { ...job.event, entity: undefined } }, notBefore });
      await send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: body,
          DelaySeconds: Math.min(Math.ceil(delayMs / 1000), MAX_DELAY_S),
        }),
      );
    },
  };
}

/** One queue message: an EventBridge event to fan out, or a job to attempt (or to delay further). */
export async function handleRecord(
  record: SQSRecord,
  queue: DeliveryQueue,
  now = Date.now(),
  reads: WebhookReads = EACH_READ,
): Promise<void> {
  const body = JSON.parse(record.body) as Partial<JobMessage> & {
    'detail-type'?: string;
    time?: string;
    detail?: BusEvent['detail'];
  };
  if (body.job) {
    const waitMs = (body.notBefore ?? 0) - now;
    if (waitMs > 1000) await queue.enqueue(body.job, waitMs);
    else await deliverJob(body.job, queue, reads);
    return;
  }
  if (body['detail-type'] && body.detail && typeof body.detail.shopId === 'string')
    await fanOut(
      {
        detailType: body['detail-type'],
        time: body.time ?? new Date(now).toISOString(),
        detail: body.detail,
      },
      queue,
      reads,
    );
}

export function createDeliverer(queue: DeliveryQueue) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    // The batch's messages share their webhook reads (one per shop or webhook, not one per message).
    const reads = readsOfOneBatch();
    const outcomes = await Promise.allSettled(
      event.Records.map((record) => handleRecord(record, queue, Date.now(), reads)),
    );
    const batchItemFailures = outcomes.flatMap((outcome, i) => {
      if (outcome.status === 'fulfilled') return [];
      log.error('webhook message not handled', {
        messageId: event.Records[i]?.messageId,
        error: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason),
      });
      return [{ itemIdentifier: event.Records[i]?.messageId ?? '' }];
    });
    return { batchItemFailures };
  };
}

let handle: ((event: SQSEvent) => Promise<SQSBatchResponse>) | undefined;

export const handler = (event: SQSEvent): Promise<SQSBatchResponse> => {
  handle ??= createDeliverer(sqsQueue(process.env.WEBHOOK_QUEUE_URL ?? ''));
  return handle(event);
};
