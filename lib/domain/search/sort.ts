/** docs/catalog.md "Search and facets": the orders POST /search/products sorts its hits in (`sortBy`). */
export const SORT_BY = ['RELEVANCE', 'NAME_ASC', 'NAME_DESC', 'PRICE_ASC', 'PRICE_DESC'] as const;
export type SortBy = (typeof SORT_BY)[number];
