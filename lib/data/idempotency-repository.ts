import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { keys } from './keys';

/** A stored answer to an Idempotency-Key request (beyond the spec), kept for 24 hours. */
export interface IdempotencyRecord {
  fingerprint: string;
  state: 'pending' | 'done';
  /** The sealed (encrypted) response; only a client holding the key can open it. */
  sealed?: string;
  expiresAt: number;
}

export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/** The record of a key, unless missing or expired. */
export async function getIdempotencyRecord(
  shopId: string,
  scope: string,
  keyHash: string,
): Promise<IdempotencyRecord | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.idempotency(shopId, scope, keyHash),
      ConsistentRead: true,
    }),
  );
  if (!Item || (Item.expiresAt as number) * 1000 <= Date.now()) return null;
  return Item as unknown as IdempotencyRecord;
}

/** Claims a key for a request in progress; false when another request holds it. */
export async function claimIdempotencyKey(
  shopId: string,
  scope: string,
  keyHash: string,
  fingerprint: string,
): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.idempotency(shopId, scope, keyHash),
          kind: 'idempotency',
          fingerprint,
          state: 'pending',
          expiresAt: now + IDEMPOTENCY_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Stores the answer of a claimed key. */
export async function completeIdempotencyKey(
  shopId: string,
  scope: string,
  keyHash: string,
  fingerprint: string,
  sealed: string,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.idempotency(shopId, scope, keyHash),
        kind: 'idempotency',
        fingerprint,
        state: 'done',
        sealed,
        expiresAt: Math.floor(Date.now() / 1000) + IDEMPOTENCY_TTL_SECONDS,
      },
    }),
  );
}

/** Releases a claimed key whose request failed, so the client may try again with it. */
export async function releaseIdempotencyKey(shopId: string, scope: string, keyHash: string): Promise<void> {
  await dynamo()
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.idempotency(shopId, scope, keyHash),
        ConditionExpression: '#state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}
