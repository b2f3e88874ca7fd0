import { LIVE_STOCK_REFRESH_READS } from './live-stock-refresh';
import type { Scenario } from './scenario';

/** GET /products, first page by name. */
export function listFirstPage(shopId: string): Scenario {
  return {
    name: 'list: page 1',
    maxReads: 1,
    periodicReads: LIVE_STOCK_REFRESH_READS,
    request: () => ({ method: 'GET', path: `/${shopId}/products` }),
  };
}

/** GET /products, a page deep into the list, by price in the second currency and locale. */
export function listLaterPage(shopId: string): Scenario {
  return {
    name: 'list: later page, by price',
    maxReads: 1,
    periodicReads: LIVE_STOCK_REFRESH_READS,
    request: (i) => ({
      method: 'GET',
      path: `/${shopId}/products?sort=price&direction=desc&currency=GBP&locale=de_DE&resultsPerPage=20&page=${150 + (i % 100)}`,
    }),
  };
}

/** GET /products filtered by a department (with its subtree) and a query term. */
export function listCategoryQuery(shopId: string): Scenario {
  return {
    name: 'list: category + q',
    maxReads: 1,
    periodicReads: LIVE_STOCK_REFRESH_READS,
    request: (i) => ({
      method: 'GET',
      path: `/${shopId}/products?categoryId=c${1 + (i % 8)}&q=${['jacket', 'steel', 'wool'][i % 3]}`,
    }),
  };
}
