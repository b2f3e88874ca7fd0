import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryAttempt } from '../../domain/webhooks/delivery-attempt';
import { batchWrite } from '../batch-write';
import { dynamo, tableName } from '../client';
import { newId } from '../ids';
import { keys } from '../keys';

/** Attempts and delivered markers are kept this long (then DynamoDB's TTL removes them). */
const KEEP_SECONDS = 30 * 24 * 3600;
/** GET /webhooks/{id}/deliveries shows the last this many attempts. */
export const DELIVERIES_SHOWN = 100;

const expiresAt = () => Math.floor(Date.now() / 1000) + KEEP_SECONDS;

/**
 * How long a claimed attempt is its sender's alone (see claimAttempt): longer than a send can take
 * (10 s answer, 3 s name resolution) and no longer than the delivery function's 30 s timeout, so a
 * sender that died holding a claim has lost it before SQS shows its message again (180 s).
 */
export const CLAIM_LEASE_MS = 30_000;

/**
 * Claims attempt `attempt` of an event for one webhook before it is sent, so that two copies of one
 * job (SQS delivers at least once, the stream may publish twice) never both call the receiver: one
 * conditional write on the event's delivery item. It fails when the receiver already took the event,
 * or when this attempt (or a later one) is claimed and its lease has not run out; a failed attempt
 * leaves its claim, which the next attempt's number outranks. Returns whether this sender has it.
 * The claim carries a token of its own, so the SDK's retry of a claim that was written but whose
 * answer was lost (a timeout) finds its own claim and has it: without it the event was skipped
 * for good.
 */
export async function claimAttempt(
  shopId: string,
  webhookId: string,
  eventId: string,
  attempt: number,
  now = Date.now(),
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookDelivered(shopId, webhookId, eventId),
        UpdateExpression:
          'SET #state = :sending, claimed = :attempt, claimToken = :token, leaseUntil = :until, kind = :kind, expiresAt = :expires',
        ConditionExpression:
          'attribute_not_exists(pk) OR (#state = :sending AND (claimed < :attempt OR claimToken = :token OR (claimed = :attempt AND leaseUntil < :now)))',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':attempt': attempt,
          ':token': newId(),
          ':until': now + CLAIM_LEASE_MS,
          ':now': now,
          ':kind': 'webhookDelivered',
          ':expires': expiresAt(),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * Appends one attempt to the webhook's log; a delivered one also marks the event delivered for the
 * webhook, so no copy or later attempt calls the receiver again. One call (BatchWriteItem).
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
    state: 'delivered',
    expiresAt: expiresAt(),
  };
  await batchWrite(delivered ? [{ put: entry }, { put: mark }] : [{ put: entry }]);
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
