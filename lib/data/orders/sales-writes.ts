import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { SalesContribution } from '../../domain/orders/sales-contribution';
import { backoff } from '../backoff';
import { dynamo, tableName } from '../client';
import { type Key, keys } from '../keys';
import { type ItemAdds, mergeItemAdds, salesItemAdds } from './sales-items';

/**
 * Exactly-once writes of the sales totals (docs/orders.md "Sales figures"). Every placement and
 * rejection of an order is split into parts; each part is a marker in the order's partition
 * (`SALES#PLACED#0`, put only if absent) written in the same transaction as its ADDs. A stream
 * record handed over twice, a retried batch or a second consumer finds the marker and drops that
 * part: the totals move once per part, whatever the retries. Markers outlive the stream's 24 h
 * retention by days (TTL), after which no record can come again.
 */

/** One order's placement (+1) or rejection (−1). */
export interface SalesChange {
  shopId: string;
  orderId: string;
  change: 'PLACED' | 'REJECTED';
  contribution: SalesContribution;
}

/** A marker and the totals items it counts: never split over transactions. */
export interface SalesPart {
  marker: Key;
  adds: ItemAdds[];
}

/** DynamoDB's most items per TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;
/** Items a part adds to, at most: with its marker it fits one transaction. */
const MAX_ADDS_PER_PART = MAX_TRANSACTION_ITEMS - 1;
/** Markers are kept this long: the stream keeps a record 24 h, the DLQ's replay is by hand within days. */
const MARKER_TTL_SECONDS = 7 * 24 * 3600;
/** Transaction conflicts (other consumers on the same day's item) retried here before the batch fails. */
const MAX_CONFLICT_RETRIES = 12;

/** The parts of a change: its items in their fixed order, cut every MAX_ADDS_PER_PART. */
export function salesParts(change: SalesChange): SalesPart[] {
  const adds = salesItemAdds(change.shopId, change.contribution);
  const parts: SalesPart[] = [];
  for (let start = 0; start < adds.length; start += MAX_ADDS_PER_PART) {
    parts.push({
      marker: keys.orderSalesMarker(change.shopId, change.orderId, change.change, parts.length),
      adds: adds.slice(start, start + MAX_ADDS_PER_PART),
    });
  }
  return parts;
}

/** What applying parts did: parts counted now, and parts found counted before (their marker). */
export interface SalesApplied {
  counted: number;
  alreadyCounted: number;
  transactions: number;
}

/**
 * Applies parts in transactions of at most 100 items (markers plus the distinct totals items,
 * adds to one item summed). A part whose marker exists is dropped and the rest tried again; a
 * conflict with another writer is retried after a backoff. Throws on anything else: the caller
 * fails the batch, and the retry skips what is counted already.
 */
export async function applySalesParts(parts: readonly SalesPart[], now = Date.now()): Promise<SalesApplied> {
  const result: SalesApplied = { counted: 0, alreadyCounted: 0, transactions: 0 };
  // A transaction may name an item once: the same part twice (a record repeated) counts once anyway.
  let pending = [...new Map(parts.map((p) => [`${p.marker.pk}\n${p.marker.sk}`, p])).values()];
  let conflicts = 0;
  while (pending.length > 0) {
    const pack = nextPack(pending);
    const merged = [...mergeItemAdds(pack.flatMap((p) => p.adds)).values()];
    try {
      result.transactions += 1;
      await dynamo().send(new TransactWriteCommand({ TransactItems: transactItems(pack, merged, now) }));
      result.counted += pack.length;
      pending = pending.slice(pack.length);
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      // Markers come first in the transaction: reason i < pack.length is part i's marker.
      const counted = new Set(
        pack.flatMap((_, i) => (reasons[i]?.Code === 'ConditionalCheckFailed' ? [i] : [])),
      );
      if (counted.size > 0) {
        result.alreadyCounted += counted.size;
        pending = [...pack.filter((_, i) => !counted.has(i)), ...pending.slice(pack.length)];
        continue;
      }
      if (conflicts >= MAX_CONFLICT_RETRIES) throw error;
      await backoff(conflicts++, 20);
    }
  }
  return result;
}

/** The longest run of parts from the front whose markers and merged items fit one transaction. */
function nextPack(pending: readonly SalesPart[]): SalesPart[] {
  const items = new Set<string>();
  let taken = 0;
  for (const part of pending) {
    const added = part.adds.map((a) => `${a.key.pk}\n${a.key.sk}`).filter((id) => !items.has(id));
    if (taken > 0 && taken + 1 + items.size + new Set(added).size > MAX_TRANSACTION_ITEMS) break;
    for (const id of added) items.add(id);
    taken += 1;
  }
  return pending.slice(0, taken);
}

function transactItems(pack: readonly SalesPart[], merged: readonly ItemAdds[], now: number) {
  const TableName = tableName();
  const markers = pack.map((part) => ({
    Put: {
      TableName,
      Item: {
        ...part.marker,
        countedAt: new Date(now).toISOString(),
        expiresAt: Math.floor(now / 1000) + MARKER_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));
  const updates = merged.map(({ key, adds }) => {
    const entries = Object.entries(adds);
    return {
      Update: {
        TableName,
        Key: key,
        UpdateExpression: `ADD ${entries.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#a${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:a${i}`, value])),
      },
    };
  });
  return [...markers, ...updates];
}
