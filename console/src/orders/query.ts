/** The yes/no filters of `GET /orders`: a timestamp set or not. */
export const FLAG_FILTERS = [
  'paidOn',
  'dispatchedOn',
  'deliveredOn',
  'invoicedOn',
  'viewedOn',
  'pendingOn',
  'returnedOn',
  'rejectedOn',
  'closedOn',
  'archivedOn',
] as const;
export const TEXT_FILTERS = ['customerId', 'productId', 'currency'] as const;
export const DATE_FILTERS = ['createdAfter', 'createdBefore', 'updatedFrom'] as const;
/** Orders per page of the index. */
export const PAGE_SIZE = 20;

type Query = Record<string, string | number | boolean>;

/** The API query of the screen's URL: only the filters the API knows, typed as it wants them. */
export function ordersQuery(search: URLSearchParams): Query {
  const query: Query = { resultsPerPage: PAGE_SIZE };
  for (const flag of FLAG_FILTERS) {
    const value = search.get(flag);
    if (value === 'true' || value === 'false') query[flag] = value === 'true';
  }
  for (const name of [...TEXT_FILTERS, ...DATE_FILTERS]) {
    const value = search.get(name)?.trim();
    if (value) query[name] = value;
  }
  if (search.get('lastUpdated') === 'true') query.lastUpdated = true;
  const cursor = search.get('cursor');
  const page = Number(search.get('page') ?? '1');
  if (cursor) query.cursor = cursor;
  else if (Number.isInteger(page) && page > 1) query.page = page;
  return query;
}
