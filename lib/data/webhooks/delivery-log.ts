import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryAttempt } from '../../domain/webhooks/delivery-attempt';
import { batchGetItems } from '../batch-get';
import { batchWrite } from '../batch-write';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { type StoredWebhook, webhookFromItem } from './webhook-repository';

/** Attempts and delivered markers are kept this long (then DynamoDB's TTL removes them). */
const KEEP_SECONDS = 30 * 24 * 3600;
/** GET /webhooks/{id}/deliveries shows the last this many attempts. */
export const DELIVERIES_SHOWN = 100;

const expiresAt = () => Math.floor(Date.now() / 1000) + KEEP_SECONDS;

/**
 * Appends one attempt to the webhook's log; a delivered one also notes that the receiver took the
 * event, so a redelivered copy (SQS delivers at least once, the stream may publish twice) is not
 * sent again. One call either way (BatchWriteItem).
 */
export async function recordAttempt(
  shopId: string,
  webhookId: string,
  attempt: DeliveryAttempt,
  delivered: boolean,
): Promise<void> {
  const entry = {
    pk: keys.webhookDeliveries(shopId, webhookId),
    sk: `A#${attempt.time}#${attempt.eventId}#${String(attempt.attempt).padStart(2, '0')}`,
    kind: 'webhookAttempt',
    ...attempt,
    expiresAt: expiresAt(),
  };
  const mark = {
    ...keys.webhookDelivered(shopId, webhookId, attempt.eventId),
    kind: 'webhookDelivered',
    expiresAt: expiresAt(),
  };
  await batchWrite(delivered ? [{ put: entry }, { put: mark }] : [{ put: entry }]);
}

/**
 * What an attempt must know before sending, in one strongly consistent read: the webhook as it is
 * now (undefined when deleted) and whether its receiver already took the event.
 */
export async function attemptState(
  shopId: string,
  webhookId: string,
  eventId: string,
): Promise<{ webhook: StoredWebhook | undefined; delivered: boolean }> {
  const [webhook, mark] = await batchGetItems([
    keys.webhook(shopId, webhookId),
    keys.webhookDelivered(shopId, webhookId, eventId),
  ]);
  return { webhook: webhook ? webhookFromItem(webhook) : undefined, delivered: mark !== null };
}

/** The last DELIVERIES_SHOWN attempts, newest first: one Query, whatever the log holds. */
export async function latestAttempts(shopId: string, webhookId: string): Promise<DeliveryAttempt[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.webhookDeliveries(shopId, webhookId), ':prefix': 'A#' },
      ScanIndexForward: false,
      Limit: DELIVERIES_SHOWN,
    }),
  );
  return Items.map((item) => ({
    eventId: item.eventId,
    eventType: item.eventType,
    attempt: item.attempt,
    status: item.status,
    time: item.time,
    answerCode: item.answerCode ?? null,
    error: item.error ?? null,
    nextAttemptAt: item.nextAttemptAt ?? null,
  }));
}
