import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryAttempt } from '../../domain/webhooks/delivery-attempt';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';

/** Attempts and delivered markers are kept this long (then DynamoDB's TTL removes them). */
const KEEP_SECONDS = 30 * 24 * 3600;
/** GET /webhooks/{id}/deliveries shows the last this many attempts. */
export const DELIVERIES_SHOWN = 100;

const expiresAt = () => Math.floor(Date.now() / 1000) + KEEP_SECONDS;

/** Appends one attempt to the webhook's log. */
export async function recordAttempt(
  shopId: string,
  webhookId: string,
  attempt: DeliveryAttempt,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: keys.webhookDeliveries(shopId, webhookId),
        sk: `A#${attempt.time}#${attempt.eventId}#${String(attempt.attempt).padStart(2, '0')}`,
        kind: 'webhookAttempt',
        ...attempt,
        expiresAt: expiresAt(),
      },
    }),
  );
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

/**
 * Notes that the webhook's receiver took the event (a 2xx), so a redelivered copy (SQS delivers
 * at least once, the stream may publish twice) is not sent again. False when it was noted before.
 */
export async function markDelivered(shopId: string, webhookId: string, eventId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.webhookDelivered(shopId, webhookId, eventId),
          kind: 'webhookDelivered',
          expiresAt: expiresAt(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Whether the webhook's receiver already took the event. */
export async function wasDelivered(shopId: string, webhookId: string, eventId: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.webhookDelivered(shopId, webhookId, eventId),
      ConsistentRead: true,
      ProjectionExpression: 'pk',
    }),
  );
  return Item !== undefined;
}
