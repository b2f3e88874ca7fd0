import { batchGetItems } from '../batch-get';
import { type CreationWindow, tallyListed } from './count';
import { betweenFolds } from './fold-generation';
import { type PageWanted, readPageKeys } from './page';
import { END } from './periods';
import type { ListedKind, Series } from './series';

/** One page of a list: the total, the page's records, and the sort key of its last one (cursor). */
export interface ListPage<T> {
  results: number;
  items: T[];
  last: string | undefined;
}

/**
 * A page of a list and the list's total: the count (counters and corrections), the page's keys
 * from the list index (a deep page from where the counters place it), then its items, strongly
 * consistent. `fromItem` turns an item into its record, or null when it no longer belongs (a cart
 * ordered since the index saw it).
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
  const end = window.to === undefined ? END : Date.parse(window.to) + 1;
  const offset = (wanted.page - 1) * wanted.perPage;
  // Page 1 and cursors start at the window's end: the keys are read beside the count.
  const fromEnd = wanted.after !== undefined || offset === 0;
  // The count and the counters a deep page is placed by, read between two folds.
  const { results, page } = await betweenFolds(shopId, kind, async () => {
    const [tally, early] = await Promise.all([
      tallyListed(shopId, kind, list, window, now, { deep: !fromEnd }),
      fromEnd ? readPageKeys(shopId, list, window, wanted, { before: end, skip: 0 }, now) : undefined,
    ]);
    const page = early ?? (await readPageKeys(shopId, list, window, wanted, await tally.seek(offset), now));
    return { results: tally.results, page };
  });
  const items: T[] = [];
  for (const item of await batchGetItems(page.keys)) {
    const record = item && fromItem(item, now);
    if (record) items.push(record);
  }
  return { results, items, last: page.last };
}
