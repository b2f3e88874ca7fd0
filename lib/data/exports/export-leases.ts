import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';

/**
 * Who generates a product export (docs/catalog.md "Export"): one lease item per catalog version and
 * locale, taken by a conditional write, so of many requests for a missing file exactly one
 * generates it while the others wait for the file. A lease ends at `leaseUntil` (epoch ms): a
 * generation that died (its function timed out or crashed) blocks the file no longer than that,
 * then the next request takes the lease over. Each taking counts in `generations`.
 */

/** How long the lease items stay (TTL): two days, longer than the files they generate (a day). */
const LEASE_ITEM_SECONDS = 2 * 24 * 3600;

/** The outcome of trying to take the lease. */
export type ExportLease =
  | { taken: true; generation: number }
  | { taken: false; until: number; generation: number };

/** The export being generated: shop, catalog version and locale. */
export interface ExportOf {
  shopId: string;
  version: number;
  locale: string;
}

/** Takes the export's lease until `now + forMs` unless another holder's lease is still running. */
export async function takeExportLease(of: ExportOf, now: number, forMs: number): Promise<ExportLease> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.productExportLease(of.shopId, of.version, of.locale),
        UpdateExpression: 'SET leaseUntil = :until, expiresAt = :expires ADD generations :one',
        ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil <= :now',
        ExpressionAttributeValues: {
          ':until': now + forMs,
          ':now': now,
          ':one': 1,
          ':expires': Math.floor(now / 1000) + LEASE_ITEM_SECONDS,
        },
        ReturnValues: 'UPDATED_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { taken: true, generation: Number(Attributes?.generations ?? 1) };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // The item as the failed condition returns it is marshalled ({N: "..."}).
    const held = error.Item as Record<string, { N?: string }> | undefined;
    return {
      taken: false,
      until: Number(held?.leaseUntil?.N ?? now),
      generation: Number(held?.generations?.N ?? 0),
    };
  }
}

/**
 * Ends a lease early (its generation failed), so the next request generates at once instead of
 * waiting for the lease to run out; only the holder's own lease (its generation) is ended.
 */
export async function releaseExportLease(of: ExportOf, generation: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.productExportLease(of.shopId, of.version, of.locale),
        UpdateExpression: 'SET leaseUntil = :zero',
        ConditionExpression: 'generations = :mine',
        ExpressionAttributeValues: { ':zero': 0, ':mine': generation },
      }),
    );
  } catch (error) {
    // Taken over meanwhile: the lease is another generation's now.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
