import type { Route } from '../lib/routes';

/**
 * Resources one route adds to its nested stack: function, role, role policy, log group, Lambda
 * permission, API Gateway integration and route.
 */
export const RESOURCES_PER_ROUTE = 7;

/**
 * The most routes one nested stack may hold: 50 × 7 = 350 resources, well under CloudFormation's
 * 500 a stack (the tests keep every stack under 400). The largest group today, carts, has 16.
 */
export const MAX_ROUTES_PER_GROUP = 50;

/**
 * The routes grouped by the first folder of their handler (`functions/carts/...` → `carts`), in
 * route-table order: one nested stack per group. A folder, not a fixed count, so that a new route
 * never moves another route's resources to another stack (a move would replace its function).
 * A group beyond MAX_ROUTES_PER_GROUP fails the synth: split its folder then.
 */
export function routeGroups(routes: readonly Route[]): Map<string, Route[]> {
  const groups = new Map<string, Route[]>();
  for (const route of routes) {
    const match = /^functions\/([^/]+)\//.exec(route.handler);
    if (!match?.[1])
      throw new Error(`${route.name}: handler ${route.handler} is not under functions/<group>/`);
    groups.set(match[1], [...(groups.get(match[1]) ?? []), route]);
  }
  for (const [group, members] of groups) {
    if (members.length > MAX_ROUTES_PER_GROUP)
      throw new Error(
        `functions/${group} has ${members.length} routes, more than ${MAX_ROUTES_PER_GROUP} (${RESOURCES_PER_ROUTE} resources each) fit one nested stack: split the folder`,
      );
  }
  return groups;
}

/** The construct id of a group's nested stack: `carts` → `CartsRoutes`, `product-types` → `ProductTypesRoutes`. */
export function routeGroupId(group: string): string {
  return `${group
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}Routes`;
}
