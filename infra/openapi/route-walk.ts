import { type RouteName, routeList } from '../../lib/routes';
import { walkCampaigns } from './walk/campaigns';
import { walkCartToOrder } from './walk/cart-to-order';
import { walkCatalog } from './walk/catalog';
import { walkErrorAnswers } from './walk/error-answers';
import { walkCustomersAndPages } from './walk/merchant-pages';
import { walkSlideshow } from './walk/slideshow';
import { checkedStep, type RouteCall, type WalkedCall } from './walk/steps';
import { walkStock } from './walk/stock';
import { walkWebhooks } from './walk/webhooks';

export { type HttpTarget, httpRouteCall } from './walk/http-call';
export type { Answer, RouteCall, WalkedCall } from './walk/steps';

/**
 * Calls every route of lib/routes.ts at least once through `call`, each with the status the route's
 * own API test expects (201 for creates, 204 for deletes without a body, ...), then a few failing
 * requests for the shared error responses. Throws at the first status that differs (naming the route,
 * both statuses and the body) and, at the end, when a route was never called (naming it). Answers
 * every request made, in order.
 *
 * The shop must hold a fresh import of the demo shop (infra/local/seed/demo.json): the walk reads its
 * products and changes it (a second walk on the same shop fails, e.g. the watcher is no longer new).
 * The order matters to infra/openapi/record-examples.ts: calls added later go after the existing
 * ones, so the examples recorded before stay as they were.
 *
 * Against a server: `await walkEveryRoute(httpRouteCall({ baseUrl, shopId, token }))`.
 */
export async function walkEveryRoute(call: RouteCall): Promise<WalkedCall[]> {
  const walked: WalkedCall[] = [];
  const step = checkedStep(call, walked);
  await walkCatalog(step);
  await walkCustomersAndPages(step);
  await walkSlideshow(step);
  await walkCampaigns(step);
  const ordered = await walkCartToOrder(step);
  await walkWebhooks(step);
  await walkStock(step);
  await walkErrorAnswers(step, ordered);
  assertEveryRouteCovered(coveredRoutes(walked));
  return walked;
}

/** The routes a walk called by name with the status it expected, each once, in the order first called. */
export function coveredRoutes(walked: readonly WalkedCall[]): RouteName[] {
  const names = walked.flatMap((w) => (w.name !== null && w.status === w.expected ? [w.name] : []));
  return [...new Set(names)];
}

/** The routes of lib/routes.ts missing from `covered`, in table order. */
export function uncoveredRoutes(covered: Iterable<string>): RouteName[] {
  const seen = new Set(covered);
  return routeList.filter((r) => !seen.has(r.name)).map((r) => r.name as RouteName);
}

/** Throws naming every route of lib/routes.ts missing from `covered`. */
export function assertEveryRouteCovered(covered: Iterable<string>): void {
  const missing = uncoveredRoutes(covered);
  if (missing.length > 0) throw new Error(`route walk: never called ${missing.join(', ')}`);
}
