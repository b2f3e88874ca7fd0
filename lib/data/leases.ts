import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { newId } from './ids';
import type { Key } from './keys';

/**
 * A lease item: one holder at a time for a piece of work many requests may find due (a catalog
 * compaction, a product export's generation). It is taken by a conditional UpdateItem while no
 * other holder's lease runs (`leaseUntil`, epoch ms), so a holder that died blocks the work no
 * longer than its lease. Each taking carries a token of its own: the SDK's retry of a taking whose
 * answer was lost finds its own lease instead of another holder's, and only the holder can end it.
 * Each taking counts in `takings`.
 */

/** How a lease is taken. */
export interface LeaseTerms {
  now: number;
  /** The lease runs until `now + forMs`. */
  forMs: number;
  /** When DynamoDB's TTL may remove the item (epoch seconds); kept forever when absent. */
  expiresAt?: number;
}

/** The outcome of trying to take a lease: ours (its token), or another holder's until when. */
export type Lease = { taken: true; token: string; takings: number } | { taken: false; until: number };

/** Takes the lease at `key` unless another holder's is still running. */
export async function takeLease(key: Key, terms: LeaseTerms): Promise<Lease> {
  const token = newId();
  const expires = terms.expiresAt === undefined ? '' : ', expiresAt = :expires';
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET leaseUntil = :until, leaseToken = :token${expires} ADD takings :one`,
        ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil <= :now OR leaseToken = :token',
        ExpressionAttributeValues: {
          ':until': terms.now + terms.forMs,
          ':now': terms.now,
          ':token': token,
          ':one': 1,
          ...(terms.expiresAt === undefined ? {} : { ':expires': terms.expiresAt }),
        },
        ReturnValues: 'UPDATED_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { taken: true, token, takings: Number(Attributes?.takings ?? 1) };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // The item as the failed condition returns it is marshalled ({N: "..."}).
    const held = error.Item as Record<string, { N?: string }> | undefined;
    return { taken: false, until: Number(held?.leaseUntil?.N ?? terms.now) };
  }
}

/** Ends the holder's lease early (its work is done or failed), so the next request need not wait it out. */
export async function endLease(key: Key, token: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET leaseUntil = :zero',
        ConditionExpression: 'leaseToken = :token',
        ExpressionAttributeValues: { ':zero': 0, ':token': token },
      }),
    );
  } catch (error) {
    // Taken over meanwhile: the lease is another holder's now.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
