import type { RouteName } from '../../lib/routes';
import type { CallOptions, SmokeApi } from './api-client';
import { SmokeFailure } from './smoke-failure';
import type { StepRunner } from './step-runner';

/** What the public reads found that later reads and the checkout need. */
export interface Found {
  productId?: string;
  /** A master product of the first page: lowest-price applies to masters only (docs/catalog.md). */
  masterId?: string;
  productTypeId?: string;
  categoryId?: string;
  shippingMethods: { id: string; name: string }[];
  taxClassId?: string;
  /** The shop's country (tax model): the smoke order's billing address is in it. */
  country?: string;
  /** A legal page linked from GET /legal (privacy policy, terms, …). */
  legalPage?: string;
  /** A word of the first product's name, for suggest and search. */
  searchWord?: string;
}

/** One read of step 1: a route of the table and how to address it from what earlier reads found. */
export interface PublicRead {
  name: string;
  route: RouteName;
  /** Its path ids and query; a string says why it does not apply to this shop (the step is skipped). */
  target(found: Found): Pick<CallOptions, 'params' | 'query' | 'body'> | string;
  /** Keeps from the answer what later reads need (the body as the API sent it: checked, not trusted). */
  keep?(body: unknown, found: Found): void;
}

interface Link {
  rel?: string;
  href?: string;
}

interface ProductSummary {
  productId?: string;
  name?: string;
  productVariationType?: string;
  links?: Link[];
}

const NO_PRODUCT = 'the shop lists no products';

/** Sub-resources of a product that apply to every product, read of the first one of the list. */
const PRODUCT_READS = [
  ['read product', 'getProduct'],
  ['read product variations', 'listVariations'],
  ['read product cross-selling', 'getCrossSelling'],
  ['read product custom attributes', 'getCustomAttributes'],
  ['read product categories', 'listProductCategories'],
  ['read product slideshow', 'listSlideshowImages'],
  ['read product slideshow sequence', 'getSlideshowSequence'],
] as const;

/**
 * Step 1, every read a storefront makes that needs nothing created first, in an order where each
 * read finds the ids the next ones need. route-coverage.ts holds the GET routes left out, each with
 * its reason.
 */
export const PUBLIC_READS: readonly PublicRead[] = [
  { name: 'read shop', route: 'getShop', target: () => ({}) },
  { name: 'read locales', route: 'getLocales', target: () => ({}) },
  { name: 'read currencies', route: 'getCurrencies', target: () => ({}) },
  {
    name: 'read tax model',
    route: 'getTaxModel',
    target: () => ({}),
    keep: (body, found) => {
      const country = (body as { countryCode2?: unknown } | undefined)?.countryCode2;
      if (typeof country === 'string') found.country = country;
    },
  },
  {
    name: 'list products',
    route: 'listProducts',
    target: () => ({ query: { resultsPerPage: '100' } }),
    keep: (body, found) => {
      const items = itemsOf<ProductSummary>(body);
      const first = items[0];
      if (!first?.productId) return;
      found.productId = first.productId;
      found.masterId = items.find((p) => p.productVariationType === 'master')?.productId;
      // Its type is named by the product's `producttype` link (the product's own field may be null).
      found.productTypeId = lastSegment(first.links?.find((l) => l.rel === 'producttype')?.href);
      found.searchWord = String(first.name ?? '')
        .split(/[^\p{L}\p{N}]+/u)
        .find((word) => word.length >= 3);
    },
  },
  ...PRODUCT_READS.map(
    ([name, route]): PublicRead => ({
      name,
      route,
      target: (found) => (found.productId ? { params: { productId: found.productId } } : NO_PRODUCT),
    }),
  ),
  {
    name: 'read lowest price of a master product',
    route: 'getLowestPrice',
    target: (found) =>
      found.masterId ? { params: { productId: found.masterId } } : 'no master product on the first page',
  },
  {
    name: 'read product type',
    route: 'getProductType',
    target: (found) =>
      found.productTypeId ? { params: { productTypeId: found.productTypeId } } : 'the product names no type',
  },
  {
    name: 'list categories',
    route: 'listCategories',
    target: () => ({}),
    keep: (body, found) => {
      found.categoryId = itemsOf<{ categoryId?: string }>(body)[0]?.categoryId;
    },
  },
  {
    name: 'read category',
    route: 'getCategory',
    target: (found) => (found.categoryId ? { params: { categoryId: found.categoryId } } : 'no category'),
  },
  {
    name: 'list shipping methods',
    route: 'listShippingMethods',
    target: () => ({}),
    keep: (body, found) => {
      found.shippingMethods = itemsOf<{ shippingMethodId?: string; name?: string }>(body).flatMap((m) =>
        typeof m.shippingMethodId === 'string' ? [{ id: m.shippingMethodId, name: m.name ?? '' }] : [],
      );
    },
  },
  {
    name: 'read shipping method',
    route: 'getShippingMethod',
    target: (found) => {
      const first = found.shippingMethods[0];
      return first ? { params: { shippingMethodId: first.id } } : 'no shipping method';
    },
  },
  {
    name: 'list tax classes',
    route: 'listTaxClasses',
    target: () => ({}),
    keep: (body, found) => {
      found.taxClassId = itemsOf<{ taxClassId?: string }>(body)[0]?.taxClassId;
    },
  },
  {
    name: 'read tax class',
    route: 'getTaxClass',
    target: (found) => (found.taxClassId ? { params: { taxClassId: found.taxClassId } } : 'no tax class'),
  },
  {
    name: 'read legal pages',
    route: 'getLegal',
    target: () => ({}),
    keep: (body, found) => {
      // The contact page has a route of its own (read next); any other linked page is a {page}.
      const links = (body as { links?: Link[] } | undefined)?.links ?? [];
      found.legalPage = lastSegment(links.find((l) => l.rel !== 'self' && l.rel !== 'contact')?.href);
    },
  },
  { name: 'read legal contact information', route: 'getContactInformation', target: () => ({}) },
  {
    name: 'read a legal page',
    route: 'getLegalPage',
    target: (found) => (found.legalPage ? { params: { page: found.legalPage } } : 'GET /legal links no page'),
  },
  {
    name: 'search suggest',
    route: 'suggestProducts',
    target: (found) => ({ query: { query: found.searchWord ?? 'a' } }),
  },
  {
    name: 'search products',
    route: 'searchProducts',
    target: (found) => ({ body: { query: found.searchWord ?? '' } }),
  },
];

/** Runs step 1: each public read, then the API document at the URL root. What they found. */
export async function readPublicRoutes(api: SmokeApi, steps: StepRunner): Promise<Found> {
  const found: Found = { shippingMethods: [] };
  for (const read of PUBLIC_READS) {
    const target = read.target(found);
    if (typeof target === 'string') {
      steps.skip(read.name, target);
      continue;
    }
    const answer = await steps.run(read.name, () => api.call(read.route, target));
    read.keep?.(answer.body, found);
  }
  await steps.run('read the API document', async () => {
    // At the URL root, not below the shop: the one path that needs no token (README "Tokens").
    const answer = await api.request<{ openapi?: unknown }>('GET', '/openapi.json');
    if (typeof answer.body?.openapi !== 'string')
      throw new SmokeFailure(`${answer.request}: the answer is no OpenAPI document`, answer.status);
    return answer;
  });
  return found;
}

/** The items of a list answer: a plain array, or `items` of a paged one. */
function itemsOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body;
  const items = (body as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? items : [];
}

/** The last path segment of a link (the id it names), decoded. */
function lastSegment(href: string | undefined): string | undefined {
  const segment = href?.split('/').pop();
  return segment ? decodeURIComponent(segment) : undefined;
}
