import { batchGetItems } from '../batch-get';
import { type CreationWindow, countListed } from './count';
import { type PageWanted, readPageKeys } from './page';
import type { ListedKind, Series } from './series';

/** One page of a list: the total, the page's records, and the sort key of its last one (cursor). */
export interface ListPage<T> {
  results: number;
  items: T[];
  last: string | undefined;
}

/**
 * A page of a list and the list's total, read side by side: the count (counters and corrections),
 * the page's keys from the list index, then its items, strongly consistent. `fromItem` turns an
 * item into its record, or null when it no longer belongs (a cart ordered since the index saw it).
 */
export async function readList<T>(
  shopId: string,
  kind: ListedKind,
  list: readonly Series[],
  window: CreationWindow,
  wanted: PageWanted,
  fromItem: (item: Record<string, unknown>, now: Date) => T | null,
): Promise<ListPage<T>> {
  const now = new Date();
  const [results, page] = await Promise.all([
    countListed(shopId, kind, list, window, now),
    readPageKeys(shopId, list, window, wanted, now),
  ]);
  const items: T[] = [];
  for (const item of await batchGetItems(page.keys)) {
    const record = item && fromItem(item, now);
    if (record) items.push(record);
  }
  return { results, items, last: page.last };
}
