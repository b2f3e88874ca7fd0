import { type Route, routeList } from '../lib/routes';

/**
 * The handler modules of the stack's functions outside the route table (paths relative to the
 * repository root). Apart from the constructs so that the bundle report and the bench list every
 * function without loading the CDK: its configuration parsing uses classic zod, which installs a
 * global memoizer that makes every zod parse in the process several times slower than in a Lambda
 * bundle (zod/mini only), and the bench's in-process figures would not be the functions' own.
 */
export const ROUTE_NOT_FOUND_ENTRY = 'functions/fallback/route-not-found.ts';
export const PUBLISHER_ENTRY = 'functions/events/publish-domain-events.ts';
export const ADD_SHOP_CLAIM_ENTRY = 'functions/auth/add-shop-claim.ts';
export const SWEEP_STOCK_HOLDS_ENTRY = 'functions/inventory/sweep-stock-holds.ts';
export const FINISH_CANCELLATIONS_ENTRY = 'functions/orders/finish-cancellations.ts';
export const PRUNE_CATALOG_LOG_ENTRY = 'functions/products/prune-catalog-log.ts';
export const SALES_TALLY_ENTRY = 'functions/orders/tally-sales.ts';
export const WEBHOOK_DELIVERY_ENTRY = 'functions/webhooks/deliver-webhooks.ts';
/**
 * GET /openapi.json, public: outside the route table because it belongs to no shop and needs no
 * token, scope or vendor media type, so every per-route rule (scope and isolation matrices, 406,
 * rate limit) would need an exception for it.
 */
export const OPENAPI_ENTRY = 'functions/docs/get-openapi.ts';
export const OPENAPI_PATH = '/openapi.json';

/** Every function of the stack: one per route, then the fallback, the API description, stream consumers, token trigger and the every-minute tasks. */
export function stackEntries(routes: readonly Route[] = routeList): { name: string; entry: string }[] {
  return [
    ...routes.map((r) => ({ name: r.name, entry: r.handler })),
    { name: 'routeNotFound', entry: ROUTE_NOT_FOUND_ENTRY },
    { name: 'getOpenApi', entry: OPENAPI_ENTRY },
    { name: 'publishDomainEvents', entry: PUBLISHER_ENTRY },
    { name: 'addShopClaim', entry: ADD_SHOP_CLAIM_ENTRY },
    { name: 'sweepStockHolds', entry: SWEEP_STOCK_HOLDS_ENTRY },
    { name: 'finishCancellations', entry: FINISH_CANCELLATIONS_ENTRY },
    { name: 'pruneCatalogLog', entry: PRUNE_CATALOG_LOG_ENTRY },
    { name: 'tallySales', entry: SALES_TALLY_ENTRY },
  ];
}
