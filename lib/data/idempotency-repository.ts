import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { newId } from './ids';
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
/**
 * How long a claim of a request in progress holds its key. Longer than any request may run (the
 * functions' timeout is 10 s), short enough that a claim whose release never reached DynamoDB (it
 * stopped answering) frees the key for the client's retry within seconds instead of 24 hours.
 */
export const IDEMPOTENCY_CLAIM_SECONDS = 15;
/** The longest a release may take: it runs on a request's way out with an error (1 attempt). */
const RELEASE_TIMEOUT_MS = 1000;

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

/**
 * Claims a key for a request in progress; false when another request holds it. The claim carries a
 * token of its own, so the SDK's retry of a claim whose answer was lost finds its own claim (not
 * another request's: a 409 for the request that holds it).
 */
export async function claimIdempotencyKey(
  shopId: string,
  scope: string,
  keyHash: string,
  fingerprint: string,
): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  const claimToken = newId();
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.idempotency(shopId, scope, keyHash),
          kind: 'idempotency',
          fingerprint,
          state: 'pending',
          claimToken,
          expiresAt: now + IDEMPOTENCY_CLAIM_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now OR claimToken = :token',
        ExpressionAttributeValues: { ':now': now, ':token': claimToken },
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

/**
 * Releases a claimed key whose request failed, so the client may try again with it. It runs while
 * an error answer waits, often because DynamoDB is failing: it gets at most RELEASE_TIMEOUT_MS and
 * reports whether it released, never throws; a claim it could not release ends with its lease.
 */
export async function releaseIdempotencyKey(
  shopId: string,
  scope: string,
  keyHash: string,
): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.idempotency(shopId, scope, keyHash),
        ConditionExpression: '#state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
      { abortSignal: AbortSignal.timeout(RELEASE_TIMEOUT_MS) },
    );
    return true;
  } catch (error) {
    return error instanceof ConditionalCheckFailedException;
  }
}
