import type { Key } from '../keys';
import { queryAll } from '../query-all';
import type { CreationWindow, Seek } from './count';
import { BEGINNING } from './periods';
import { creationBounds, seriesQuery } from './query';
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
 * the list index only (keys and the expiry time, never whole items): from the start `seek` found
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
  const found = await Promise.all(
    list.map(async (one) => {
      const sortKey = `${one.index}sk`;
      const query = seriesQuery(shopId, one, low, upTo, nowIso);
      // One more than needed, as the item named by `after` may be among them.
      const items = await queryAll(
        {
          ...query,
          Limit: need + 1,
          ProjectionExpression: 'pk, sk, #sort',
          ExpressionAttributeNames: { '#sort': sortKey },
        },
        need + 1,
      );
      return items.map((item) => ({
        pk: item.pk as string,
        sk: item.sk as string,
        sort: item[sortKey] as string,
      }));
    }),
  );
  // A cart that just got (or lost) its address data may still be in both series' indexes (they
  // follow the table eventually): keep it once, or the BatchGetItem of the page is refused (500).
  const seen = new Set<string>();
  const merged = found
    .flat()
    .filter((item) => item.sort !== wanted.after)
    .filter((item) => !seen.has(`${item.pk}\n${item.sk}`) && seen.add(`${item.pk}\n${item.sk}`))
    .sort((a, b) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0))
    .slice(skip, need);
  return { keys: merged.map(({ pk, sk }) => ({ pk, sk })), last: merged.at(-1)?.sort };
}
