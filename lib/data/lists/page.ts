import type { Key } from '../keys';
import type { CreationWindow, Seek } from './count';
import { newestAcross } from './merge';
import { BEGINNING } from './periods';
import { creationBounds, seriesQueries } from './query';
import type { Series } from './series';

/** Which slice of a list: a page by number, or the page after the item a cursor names. */
export interface PageWanted {
  page: number;
  perPage: number;
  /** Sort key of the last item the client has seen (a cursor); the page then starts after it. */
  after?: string;
}

/** Keys of a page of a list, newest first, with the sort key of its last item. */
export interface PageKeys {
  keys: Key[];
  last: string | undefined;
}

/**
 * The keys of one page of `list` (items created within `window`, listed now), newest first. Reads
 * the list index only (keys and the expiry time, never whole items), merging the sorted keys of
 * every write bucket of every series (lib/data/lists/merge.ts): from the start `seek` found
 * (lib/data/lists/count.ts: at most an hour of keys to skip), or after the cursor's item.
 */
export async function readPageKeys(
  shopId: string,
  list: readonly Series[],
  window: CreationWindow,
  wanted: PageWanted,
  seek: Seek,
  now = new Date(),
): Promise<PageKeys> {
  const skip = wanted.after === undefined ? seek.skip : 0;
  const need = skip + wanted.perPage;
  const from = window.from === undefined ? BEGINNING : Date.parse(window.from);
  const { low, high } = creationBounds(from, Math.max(from, seek.before - 1));
  const upTo = wanted.after !== undefined && wanted.after < high ? wanted.after : high;
  const nowIso = now.toISOString();
  const partitions = list.flatMap((one) =>
    seriesQueries(shopId, one, low, upTo, nowIso).map((query) => ({ query, sortKey: `${one.index}sk` })),
  );
  // The cursor's item is the newest the range holds: it is asked for and left out.
  const merged = (await newestAcross(partitions, need, wanted.after)).slice(skip);
  return { keys: merged.map(({ pk, sk }) => ({ pk, sk })), last: merged.at(-1)?.sort };
}
