import { LIVE_STOCK_REFRESH_READS } from './live-stock-refresh';
import type { Scenario } from './scenario';

/** Category ids and colours of the generated catalog (infra/local/gen-catalog.ts). */
const DEPARTMENTS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'];
const COLORS = [
  'red',
  'blue',
  'green',
  'black',
  'white',
  'grey',
  'orange',
  'yellow',
  'brown',
  'purple',
  'navy',
  'olive',
];
const TERMS = ['jacket', 'merino', 'tent', 'rugged', 'steel', 'mug', 'alpine', 'boots'];

/** POST /search/products with two filters (a department and a colour), varied per request. */
export function searchTwoFilters(shopId: string): Scenario {
  return {
    name: 'search: 2 filters',
    p95TargetMs: 50,
    maxReads: 1,
    periodicReads: LIVE_STOCK_REFRESH_READS,
    request: (i) => ({
      method: 'POST',
      path: `/${shopId}/search/products?resultsPerPage=10`,
      body: {
        sortBy: 'RELEVANCE',
        attributeFilters: [
          { fieldName: 'CategoryID', attributeValue: DEPARTMENTS[i % DEPARTMENTS.length] },
          // Every department with every colour (96 combinations) before one repeats.
          {
            fieldName: 'PreDefString_en_Color',
            attributeValue: COLORS[Math.floor(i / DEPARTMENTS.length) % COLORS.length],
          },
        ],
      },
    }),
  };
}

/** The same with a query term and a price range on top, sorted by price, in German. */
export function searchQueryAndFilters(shopId: string): Scenario {
  return {
    name: 'search: query + 3 filters',
    p95TargetMs: 50,
    maxReads: 1,
    periodicReads: LIVE_STOCK_REFRESH_READS,
    request: (i) => ({
      method: 'POST',
      path: `/${shopId}/search/products?resultsPerPage=20&locale=de_DE`,
      body: {
        query: TERMS[i % TERMS.length],
        sortBy: 'PRICE_ASC',
        attributeFilters: [
          { fieldName: 'CategoryID', attributeValue: DEPARTMENTS[(i * 3) % DEPARTMENTS.length] },
          { fieldName: 'PreDefString_de_Color', attributeValue: COLORS[(i * 7) % COLORS.length] },
          { fieldName: 'ListPrice', attributeRange: { min: 10, max: 500 } },
        ],
      },
    }),
  };
}

/** Prefixes a shopper types into a search box: one letter, a word begun, two words begun. */
const TYPED = [
  'm',
  'me',
  'mer',
  'merino',
  'ja',
  'jacket',
  'alp',
  'alpine j',
  'st',
  'steel m',
  'te',
  'rugged b',
];

/** GET /search/product-suggest with what a search box sends while typing, varied per request. */
export function suggestTyping(shopId: string): Scenario {
  return {
    name: 'product suggest',
    p95TargetMs: 10,
    maxReads: 1,
    request: (i) => ({
      method: 'GET',
      path: `/${shopId}/search/product-suggest?limit=10&query=${encodeURIComponent(TYPED[i % TYPED.length] as string)}${i % 2 ? '&locale=de_DE' : ''}`,
    }),
  };
}
