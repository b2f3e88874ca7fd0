import { routeNotFound } from '../../lib/http/route-not-found';

/** API Gateway's `$default` route: 404 for unknown paths, 405 with Allow for known ones. */
export const handler = routeNotFound();
