import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError, StateConflict, WebhookVersionMismatch } from '../../domain/errors';
import { MAX_WEBHOOKS, type WebhookRecord } from '../../domain/webhooks/webhook';
import { dynamo, tableName } from '../client';
import { newId } from '../ids';
import { keys } from '../keys';

/**
 * A shop's webhooks (docs/webhooks.md "How it runs"): one partition holding at most MAX_WEBHOOKS
 * webhooks and their count. Creating and deleting change the count in the same transaction, the
 * create conditioned on it, so the limit holds however requests race. The secret is stored as it
 * must be to sign (DynamoDB encrypts it at rest) and never leaves through a view or a log.
 */

const FIELDS = [
  'shopId',
  'webhookId',
  'callbackUrl',
  'eventTypes',
  'active',
  'deactivatedReason',
  'secret',
  'createdOn',
  'updatedOn',
  'version',
  'activation',
] as const;

/** A stored webhook: the record plus `activation`, bumped whenever it is (de)activated. */
export type StoredWebhook = WebhookRecord & { activation: number };

/** A webhook as its item holds it (older items lack `activation`). */
export function webhookFromItem(item: Record<string, unknown>): StoredWebhook {
  const record = Object.fromEntries(FIELDS.map((f) => [f, item[f]])) as unknown as StoredWebhook;
  return { ...record, activation: record.activation ?? 0 };
}

/** Stores a new webhook; the shop's 21st is StateConflict (409). */
export async function insertWebhook(webhook: StoredWebhook): Promise<void> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.webhookCount(webhook.shopId),
              UpdateExpression: 'ADD #n :one',
              ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
              ExpressionAttributeNames: { '#n': 'count' },
              ExpressionAttributeValues: { ':one': 1, ':max': MAX_WEBHOOKS },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.webhook(webhook.shopId, webhook.webhookId), kind: 'webhook', ...webhook },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    )
      throw new StateConflict(`A shop holds at most ${MAX_WEBHOOKS} webhooks`, [
        { field: 'callbackUrl', message: `the shop already has ${MAX_WEBHOOKS} webhooks; delete one first` },
      ]);
    throw error;
  }
}

/** One webhook, strongly consistent; undefined when unknown. */
export async function getWebhook(shopId: string, webhookId: string): Promise<StoredWebhook | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.webhook(shopId, webhookId), ConsistentRead: true }),
  );
  return Item ? webhookFromItem(Item) : undefined;
}

/** One webhook; an unknown one is NotFoundError (404). */
export async function requireWebhook(shopId: string, webhookId: string): Promise<StoredWebhook> {
  const webhook = await getWebhook(shopId, webhookId);
  if (!webhook) throw new NotFoundError('Webhook');
  return webhook;
}

/** The shop's webhooks, oldest first (one Query of at most MAX_WEBHOOKS small items). */
export async function listWebhooks(shopId: string, consistent = true): Promise<StoredWebhook[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.webhooks(shopId), ':prefix': 'WEBHOOK#' },
      ConsistentRead: consistent,
    }),
  );
  return Items.map(webhookFromItem).sort(
    (a, b) => a.createdOn.localeCompare(b.createdOn) || a.webhookId.localeCompare(b.webhookId),
  );
}

/**
 * Replaces a webhook with its next version, only if it is still at the version it was read at;
 * a lost race is WebhookVersionMismatch (the caller reads again or answers 412). The write carries
 * a token of its own, so the SDK's retry of a write whose answer was lost finds its own write and
 * succeeds instead of reading it as another writer's.
 */
export async function replaceWebhook(next: StoredWebhook): Promise<void> {
  const writeToken = newId();
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.webhook(next.shopId, next.webhookId), kind: 'webhook', ...next, writeToken },
        ConditionExpression: 'version = :previous OR (version = :next AND writeToken = :token)',
        ExpressionAttributeValues: {
          ':previous': next.version - 1,
          ':next': next.version,
          ':token': writeToken,
        },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new WebhookVersionMismatch();
    throw error;
  }
}

/** Deletes a webhook and counts it out; an unknown one is NotFoundError (404). */
export async function deleteWebhook(shopId: string, webhookId: string): Promise<void> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.webhook(shopId, webhookId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.webhookCount(shopId),
              UpdateExpression: 'ADD #n :minusOne',
              ExpressionAttributeNames: { '#n': 'count' },
              ExpressionAttributeValues: { ':minusOne': -1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    )
      throw new NotFoundError('Webhook');
    throw error;
  }
}
