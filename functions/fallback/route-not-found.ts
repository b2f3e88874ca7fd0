import { routeNotFound } from '../../lib/http/endpoint';

/** API Gateway's `$default` route: 404 for unknown paths, 405 with Allow for known ones. */
export const handler = routeNotFound();
