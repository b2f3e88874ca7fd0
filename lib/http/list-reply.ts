import type { ListPage, PageWanted } from '../data/feeds/find-listed';
import type { ViewContext } from '../domain/links';
import type { ListCursor } from '../domain/list-envelope';
import { type ListEnvelope, listEnvelope } from '../domain/list-envelope';
import { wantedPage } from '../schemas/common';
import { BadRequest } from './errors';

/** The page a list request asks for (by number or cursor); 400 when it names both. */
export function requireWantedPage(query: {
  page?: number;
  resultsPerPage: number;
  cursor?: ListCursor;
}): PageWanted {
  const wanted = wantedPage(query);
  if (typeof wanted === 'string')
    throw new BadRequest('Invalid request', [{ field: 'cursor', message: wanted }]);
  return wanted;
}

/** The envelope of a page read from the table, its items rendered, with the `next` link. */
export function listBody<T, V>(
  req: { rawQuery: string; view: (locale: string) => ViewContext },
  path: string,
  wanted: PageWanted,
  found: ListPage<T>,
  render: (record: T) => V,
  locale = '',
): ListEnvelope<V> {
  return listEnvelope(
    req.view(locale),
    { path, rawQuery: req.rawQuery, page: wanted.page, resultsPerPage: wanted.perPage },
    found,
    found.items.map(render),
  );
}
