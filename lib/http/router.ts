import { type HttpMethod, type Route, routeList } from '../routes';

/** The outcome of matching a request line against the route table. */
export type RouteMatch =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: HttpMethod[] }
  | { kind: 'not-found' };

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

// Compiled on first match, not at import: every function bundles this module (through endpoint.ts)
// but only the fallback handler and the local server match routes.
let compiled: CompiledRoute[] | undefined;

const compileRoutes = (): CompiledRoute[] =>
  routeList.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        names.push(param[1] as string);
        return '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^${source}/?$`), names };
  });

/**
 * Finds the route for a method and path (unknown path 404, known path with another method
 * 405 with `Allow`: docs/api-rules.md "Errors and status codes"). Path parameters come back URL-decoded.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const allow: HttpMethod[] = [];
  compiled ??= compileRoutes();
  for (const { route, pattern, names } of compiled) {
    const found = pattern.exec(path);
    if (!found) continue;
    if (route.method !== method.toUpperCase()) {
      allow.push(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [i, name] of names.entries()) params[name] = safeDecode(found[i + 1] as string);
    return { kind: 'route', route, params };
  }
  return allow.length > 0
    ? { kind: 'method-not-allowed', allow: [...new Set(allow)] }
    : { kind: 'not-found' };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
