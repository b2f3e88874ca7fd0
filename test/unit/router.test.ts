import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../lib/http/router';
import * as routeTable from '../../lib/routes';
import { routeList, routes } from '../../lib/routes';

describe('matchRoute', () => {
  it('finds the route of a known path and method, with its parameters', () => {
    // Prepare
    const path = '/demo/carts/01J0000000000000000000000A/line-items';

    // Act
    const match = matchRoute('POST', path);

    // Assess
    expect(match).toEqual({
      kind: 'route',
      route: routes.addLineItem,
      params: { shopId: 'demo', cartId: '01J0000000000000000000000A' },
    });
  });

  it('finds every route of the table by its own template', () => {
    // Prepare
    const requests = routeList.map((route) => ({
      route,
      path: route.path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}-value`),
    }));

    // Act
    const matches = requests.map(({ route, path }) => matchRoute(route.method, path));

    // Assess
    for (const [i, match] of matches.entries()) {
      expect(match.kind).toBe('route');
      if (match.kind === 'route') expect(match.route).toBe(requests[i]?.route);
    }
  });

  it('URL-decodes path parameters', () => {
    // Prepare
    const path = '/my%20shop/carts/a%2Fb%C3%A4';

    // Act
    const match = matchRoute('GET', path);

    // Assess
    expect(match).toMatchObject({ kind: 'route', params: { shopId: 'my shop', cartId: 'a/bä' } });
  });

  it('keeps a parameter that is not valid percent-encoding as it was sent', () => {
    // Prepare
    const path = '/demo/carts/%E0%A4%A';

    // Act
    const match = matchRoute('GET', path);

    // Assess
    expect(match).toMatchObject({ kind: 'route', params: { shopId: 'demo', cartId: '%E0%A4%A' } });
  });

  it('accepts a trailing slash', () => {
    // Prepare
    const path = '/demo/products/';

    // Act
    const match = matchRoute('GET', path);

    // Assess
    expect(match).toMatchObject({ kind: 'route', route: routes.listProducts, params: { shopId: 'demo' } });
  });

  it('matches the method case-insensitively', () => {
    // Prepare
    const method = 'get';

    // Act
    const match = matchRoute(method, '/demo/shipping-methods');

    // Assess
    expect(match).toMatchObject({ kind: 'route', route: routes.listShippingMethods });
  });

  it('answers method-not-allowed with the methods the path has', () => {
    // Prepare
    const path = '/demo/carts';

    // Act
    const deleteCarts = matchRoute('DELETE', path);
    const patchProducts = matchRoute('PATCH', '/demo/products');

    // Assess
    expect(deleteCarts).toEqual({ kind: 'method-not-allowed', allow: ['POST', 'GET'] });
    expect(patchProducts).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'POST'] });
  });

  it('finds the shop resource at /{shopId} alone, without shadowing any longer path', () => {
    // Prepare
    const longer = routeList.filter((route) => route !== routes.getShop && route.method === 'GET');

    // Act
    const shop = [matchRoute('GET', '/demo'), matchRoute('GET', '/demo/')];
    const others = longer.map((route) =>
      matchRoute(
        'GET',
        route.path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}-value`),
      ),
    );

    // Assess
    for (const match of shop) expect(match).toMatchObject({ kind: 'route', route: routes.getShop });
    expect(others.map((m) => (m.kind === 'route' ? m.route.name : m.kind))).toEqual(
      longer.map((r) => r.name),
    );
  });

  it('answers not-found for unknown paths', () => {
    // Prepare
    const paths = [
      '/',
      '',
      '/demo/nothing',
      '/demo/products/extra/segments',
      '/demo/carts/c1/line-items/l1/more',
      '//products',
      '/demo/products//',
      '/demo/PRODUCTS',
    ];

    // Act
    const matches = paths.map((path) => matchRoute('GET', path));

    // Assess
    for (const match of matches) expect(match).toEqual({ kind: 'not-found' });
  });

  it('does not treat dots or other regex characters in a path as wildcards', () => {
    // Prepare
    const path = '/demo/productsX';

    // Act
    const match = matchRoute('GET', path);

    // Assess
    expect(match).toEqual({ kind: 'not-found' });
  });
});

describe('the route table', () => {
  it('lists every exported route row in routes and routeList (a row left out would never be deployed)', () => {
    // Prepare
    const rows = Object.entries(routeTable).filter(
      ([, value]) => typeof value === 'object' && value !== null && 'handler' in value && 'method' in value,
    );

    // Act
    const listed = rows.filter(([name, row]) => (routes as Record<string, unknown>)[name] === row);

    // Assess
    expect(rows.length).toBeGreaterThan(90);
    expect(listed.map(([name]) => name)).toEqual(rows.map(([name]) => name));
    expect(routeList).toHaveLength(rows.length);
  });
});
