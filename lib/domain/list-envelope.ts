import { type Link, shopUrl, type ViewContext } from './links';

/**
 * The paged list envelope of lists read page by page from the table (carts, orders, customers):
 * the usual `{results, page, resultsPerPage, items}` (docs/api-rules.md "Lists and paging") plus, beyond it,
 * `links` with a `next` link while items follow. Its opaque cursor names the last item of the page, so a
 * client walking a whole list reads each page at the cost of the page alone, whatever its number.
 */
export interface ListEnvelope<T> {
  results: number;
  page: number;
  resultsPerPage: number;
  items: T[];
  links: Link[];
}

/** A position in a list: the number of the page that follows and the sort key it follows. */
export interface ListCursor {
  page: number;
  after: string;
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.page, cursor.after])).toString('base64url');
}

/** The cursor a client sent back, or null when it is not one of ours. */
export function decodeCursor(text: string): ListCursor | null {
  try {
    const [page, after] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (!Number.isInteger(page) || (page as number) < 2 || typeof after !== 'string' || after.length > 300)
      return null;
    return { page: page as number, after };
  } catch {
    return null;
  }
}

/**
 * The envelope of one page; `next` rebuilds the request's own query (its filters) with the cursor
 * of the following page in place of a page number.
 */
export function listEnvelope<T>(
  ctx: ViewContext,
  request: { path: string; rawQuery: string; page: number; resultsPerPage: number },
  found: { results: number; last: string | undefined },
  items: T[],
): ListEnvelope<T> {
  const { page, resultsPerPage } = request;
  const links: Link[] = [];
  if (found.last !== undefined && page * resultsPerPage < found.results) {
    const query = new URLSearchParams(request.rawQuery);
    query.delete('page');
    query.set('cursor', encodeCursor({ page: page + 1, after: found.last }));
    links.push({ rel: 'next', href: `${shopUrl(ctx, request.path)}?${query}` });
  }
  return { results: found.results, page, resultsPerPage, items, links };
}
