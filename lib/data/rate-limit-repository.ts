import { tableName } from './client';
import { keys } from './keys';
import { updateOnceOnly } from './once-only';

/**
 * Leases a block of a token's hourly allowance from its shared counter: one conditional
 * UpdateItem per block, never per request, sent once only (lib/data/once-only.ts: a retried
 * lease does not use up a second block). Returns how many requests were granted (0 when the
 * window's limit is used up) and the counter's total after the lease.
 */
export async function leaseAllowance(
  shopId: string,
  tokenId: string,
  window: { start: number; end: number },
  block: number,
  limit: number,
): Promise<{ granted: number; leased: number }> {
  const leasedNow = await updateOnceOnly({
    TableName: tableName(),
    Key: keys.rateLimit(shopId, tokenId, window.start),
    UpdateExpression: 'ADD leased :block SET expiresAt = if_not_exists(expiresAt, :expires), kind = :kind',
    ConditionExpression: 'attribute_not_exists(leased) OR leased < :limit',
    ExpressionAttributeValues: {
      ':block': block,
      ':limit': limit,
      ':expires': Math.ceil(window.end / 1000) + 3600,
      ':kind': 'rateLimit',
    },
    ReturnValues: 'UPDATED_NEW',
  });
  if (!leasedNow) return { granted: 0, leased: limit };
  const leased = leasedNow.leased as number;
  // The block may straddle the limit: only the part below it is granted.
  return { granted: Math.max(0, Math.min(block, limit - (leased - block))), leased };
}
