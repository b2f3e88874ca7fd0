import { type RouteName, routeList } from '../../lib/routes';
import { CHECKOUT_READS } from './checkout';
import { PUBLIC_READS } from './public-reads';

/**
 * The GET routes the smoke test leaves out on purpose, each with its reason. Every other GET route
 * of the table must be read by it: test/unit/smoke.test.ts fails for a new GET route that is
 * in neither place, so a new read is not forgotten.
 */
export const SKIPPED_GET_ROUTES: Readonly<Partial<Record<RouteName, string>>> = {
  listCarts: 'a merchant list (carts_read), not a storefront read; the smoke reads its own cart by id',
  listOrders: 'a merchant list (orders_read), not a storefront read; the smoke reads its own order by id',
  getSales: 'a merchant report (orders_read), not a storefront read',
  listDocuments:
    'the smoke order gets no documents: an invoice would use up a number of the gap-free sequence',
  listCustomers: "the buyers' personal data (customers_read): a smoke test has no business reading it",
  getCustomer: "the buyers' personal data (customers_read): a smoke test has no business reading it",
  getCategorySequence: 'a merchant view (products_write) of a category, not a storefront read',
  listUpdatedProducts: 'a merchant sync feed (products_write), not a storefront read',
  exportProducts:
    'writes a CSV of the whole catalog to storage (products_read_batch): heavy, and it leaves a file',
  listWatchedProducts: 'a merchant list (products_write), not a storefront read',
  listProductWatchers: "shoppers' e-mail addresses (products_write), not a storefront read",
  listWebhooks: 'merchant configuration (webhooks_read), not a storefront read',
  getWebhook: 'merchant configuration (webhooks_read); needs a webhook made first',
  listWebhookDeliveries: 'merchant configuration (webhooks_read); needs a webhook made first',
  listScriptTags: 'merchant configuration (scripttags_read), not a storefront read',
  listNewsletterCampaigns: 'merchant data (newsletters_read), not a storefront read',
  listNewsletterSubscribers: "subscribers' personal data (newsletters_read); needs a campaign named first",
  listCouponCampaigns: 'merchant data (coupons_read), not a storefront read',
  getCouponCampaign: 'merchant data (coupons_read); needs a campaign named first',
  listCouponCodes: 'merchant data (coupons_read); needs a campaign named first',
};

/** Every GET route the smoke test reads: step 1's and the checkout's. */
export function smokeReadRoutes(): Set<RouteName> {
  return new Set<RouteName>([...PUBLIC_READS.map((read) => read.route), ...CHECKOUT_READS]);
}

/**
 * The GET routes of the table neither read nor skipped with a reason, and the skip entries that are
 * wrong (a route that is read anyway, no GET route, or no reason): both lists must be empty.
 */
export function coverageProblems(): { unread: string[]; badSkips: string[] } {
  const read = smokeReadRoutes();
  const gets = routeList.filter((route) => route.method === 'GET');
  const unread = gets
    .filter((route) => !read.has(route.name as RouteName) && !SKIPPED_GET_ROUTES[route.name as RouteName])
    .map((route) => `${route.name} (GET ${route.path})`);
  const getNames = new Set(gets.map((route) => route.name));
  const badSkips = Object.entries(SKIPPED_GET_ROUTES)
    .filter(([name, reason]) => read.has(name as RouteName) || !getNames.has(name) || !reason?.trim())
    .map(([name]) => name);
  return { unread, badSkips };
}
