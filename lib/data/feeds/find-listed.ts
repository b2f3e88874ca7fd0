import type { Key } from '../keys';
import type { CreatedEntry, CreatedFilter, CreatedIndex } from './created-index';
import type { FeedCache } from './feed-cache';

/** Which slice of a list: a page by number, or the page after the item a cursor names. */
export interface PageWanted {
  page: number;
  perPage: number;
  /** Sort key (`{ISO time}#{id}`) of the last item the client has seen (a cursor); the page then starts after it. */
  after?: string;
}

/** One page of a list: the total, the page's records, and the sort key of its last one (cursor). */
export interface ListPage<T> {
  results: number;
  items: T[];
  last: string | undefined;
}

/** What a stored item of a list is: its record, or null when it is no longer listed, and its entry. */
export type ListedItem<T> = (
  item: Record<string, unknown>,
  nowMs: number,
) => { record: T | null; entry: CreatedEntry };

/**
 * A page of a shop's carts or customers and the exact count of all that match: counted in the
 * instance's index (brought up to date from the feed first); the page's items are those kept at the
 * versions the index holds (kept-items.ts), the others read by key in one strongly consistent
 * BatchGetItem. A page item newer than the index's entry updates the entry, so the next request does
 * not wait for the feed to show it.
 */
export async function findListed<T>(
  indexes: FeedCache<CreatedIndex>,
  shopId: string,
  filter: CreatedFilter,
  wanted: PageWanted,
  keyOf: (id: string) => Key,
  listed: ListedItem<T>,
): Promise<ListPage<T>> {
  const index = await indexes.fresh(shopId);
  const now = Date.now();
  const found = index.find(
    filter,
    {
      // A cursor names where its page starts; a page number counts from the first match.
      offset: wanted.after === undefined ? (wanted.page - 1) * wanted.perPage : 0,
      perPage: wanted.perPage,
      after: wanted.after,
    },
    now,
  );
  const items: T[] = [];
  const page = await indexes.kept.page(shopId, found.ids, (id) => index.versionOf(id), keyOf);
  for (const item of page) {
    if (!item) continue;
    const { record, entry } = listed(item, now);
    index.apply(entry);
    indexes.kept.keep(shopId, entry.id, entry.version, item);
    if (record) items.push(record);
  }
  return { results: found.results, items, last: found.last };
}
