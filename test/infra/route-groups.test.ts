import { describe, expect, it } from 'vitest';
import { MAX_ROUTES_PER_GROUP, routeGroupId, routeGroups } from '../../infra/route-groups';
import { type Route, routeList } from '../../lib/routes';

/** The rule that puts each route into a nested stack of the shop stack (docs/deploy.md). */

const route = (name: string, handler: string) => ({ ...(routeList[0] as Route), name, handler });

describe('route groups', () => {
  it('groups the routes by the first folder of their handler, in route-table order', () => {
    // Act
    const groups = routeGroups([
      route('a', 'functions/carts/a.ts'),
      route('b', 'functions/orders/b.ts'),
      route('c', 'functions/carts/c.ts'),
    ]);

    // Assess
    expect([...groups].map(([g, rs]) => [g, rs.map((r) => r.name)])).toEqual([
      ['carts', ['a', 'c']],
      ['orders', ['b']],
    ]);
  });

  it('keeps every group of the route table well inside one nested stack', () => {
    // Act
    const groups = routeGroups(routeList);

    // Assess
    expect([...groups.values()].flat()).toHaveLength(routeList.length);
    for (const [group, members] of groups)
      expect(members.length, group).toBeLessThanOrEqual(MAX_ROUTES_PER_GROUP);
  });

  it('fails on a group too big for one nested stack, and on a handler outside functions/<group>/', () => {
    // Prepare
    const many = Array.from({ length: MAX_ROUTES_PER_GROUP + 1 }, (_, i) =>
      route(`r${i}`, `functions/big/r${i}.ts`),
    );

    // Assess
    expect(() => routeGroups(many)).toThrow(/functions\/big has 51 routes/);
    expect(() => routeGroups([route('x', 'lib/x.ts')])).toThrow(/not under functions/);
  });

  it('names the nested stacks after their folder', () => {
    expect(routeGroupId('carts')).toBe('CartsRoutes');
    expect(routeGroupId('product-types')).toBe('ProductTypesRoutes');
  });
});
