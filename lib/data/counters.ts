import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { keys } from './keys';

/** How long numbers taken ahead stay usable: an idle instance does not keep old numbers. */
export const BLOCK_LIFETIME_MS = 2_000;
/** A block used up within this time was too small: the next one is twice as large. */
const BLOCK_GROWS_WITHIN_MS = 1_000;
/** Bounds the numbers an instance can lose when it stops (a gap in the sequence). */
const MAX_BLOCK = 64;

interface Block {
  next: number;
  last: number;
  takenAt: number;
  size: number;
}

const blocks = new Map<string, Block>();
const refills = new Map<string, Promise<void>>();

/**
 * The next number of a per-shop counter (order and customer numbers). One item takes about 1,000
 * writes per second in AWS, fewer than a busy shop's checkouts (docs/inventory.md "A hot product: 2,000
 * orders per second on paper"), so an instance that uses its numbers fast takes them in blocks: one ADD of n
 * hands out n numbers. A quiet instance takes one at a time, so a quiet shop numbers without gaps and in time
 * order; under load, numbers stay unique and increase within each instance, two instances' orders of the
 * same second may be numbered out of time order, and numbers an instance leaves unused for
 * BLOCK_LIFETIME_MS are dropped (a gap, as a failed checkout leaves one) unless no other instance took
 * a number since (then the next block starts with them).
 */
export async function nextCounterValue(shopId: string, name: string): Promise<number> {
  const key = `${shopId}|${name}`;
  for (;;) {
    const block = blocks.get(key);
    if (block && block.next <= block.last && Date.now() - block.takenAt < BLOCK_LIFETIME_MS)
      return block.next++;
    let refill = refills.get(key);
    if (!refill) {
      refill = takeBlock(key, shopId, name, nextSize(block), block).finally(() => refills.delete(key));
      refills.set(key, refill);
    }
    await refill;
  }
}

/** Doubles a block used up quickly, keeps one used up in time, shrinks one that expired. */
function nextSize(previous: Block | undefined): number {
  if (!previous) return 1;
  const age = Date.now() - previous.takenAt;
  if (previous.next <= previous.last) return Math.max(1, Math.floor(previous.size / 2));
  return age < BLOCK_GROWS_WITHIN_MS ? Math.min(MAX_BLOCK, previous.size * 2) : previous.size;
}

async function takeBlock(
  key: string,
  shopId: string,
  name: string,
  size: number,
  previous?: Block,
): Promise<void> {
  const takenAt = Date.now();
  const unused = previous && previous.next <= previous.last ? previous : undefined;
  const last =
    (unused && (await takeBackUnused(shopId, name, unused, size))) ?? (await addBlock(shopId, name, size));
  blocks.set(key, { next: last - size + 1, last, takenAt, size });
}

/** One ADD of `size`: the last number of the new block. */
async function addBlock(shopId: string, name: string, size: number): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(shopId, name),
      UpdateExpression: 'ADD #value :size',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':size': size },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes?.value as number;
}

/**
 * A block that expired with numbers left starts the new block at its first unused number, if no
 * instance took a number since (the counter still at the old block's last): a shop whose orders come
 * in bursts then quiet numbers without gaps. Else null, and the unused numbers stay dropped.
 */
async function takeBackUnused(
  shopId: string,
  name: string,
  unused: Block,
  size: number,
): Promise<number | null> {
  const last = unused.next - 1 + size;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.counter(shopId, name),
        UpdateExpression: 'SET #value = :last',
        ConditionExpression: '#value = :taken',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':last': last, ':taken': unused.last },
      }),
    );
    return last;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}
