import { describe, expect, inject, it } from 'vitest';
import { issueDevToken } from '../../infra/local/dev-issuer';
import {
  assertEveryRouteCovered,
  coveredRoutes,
  httpRouteCall,
  type RouteCall,
  walkEveryRoute,
} from '../../infra/openapi/route-walk';
import { routeList } from '../../lib/routes';
import { checkResponse } from '../support/response-check';
import { privateDemoShop } from '../support/shops';

/**
 * The walk of every route (infra/openapi/route-walk.ts), which records the OpenAPI examples and
 * drives the deployment rehearsal: against the twin it calls each route of lib/routes.ts with the
 * status the route's own test expects; a wrong status or a route left out makes it fail.
 */
describe('walkEveryRoute', () => {
  it('calls every route of lib/routes.ts, each answering the status its own test expects', async () => {
    // Prepare: a private copy of the demo shop, since the walk changes what it reads
    const shopId = await privateDemoShop('walk');
    const baseUrl = inject('apiUrl');
    const http = httpRouteCall({ baseUrl, shopId, token: issueDevToken(shopId) });
    // Every answer is also checked against openapi.json, as the other API tests' answers are.
    const checked: RouteCall = async (name, method, path, body, headers, expected) => {
      const answer = await http(name, method, path, body, headers, expected);
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      checkResponse(method, `${baseUrl}/${shopId}${path}`, answer.status, answer.body, text, answer.headers);
      return answer;
    };

    // Act
    const walked = await walkEveryRoute(checked);

    // Assess
    expect(walked.filter((w) => w.status !== w.expected)).toEqual([]);
    expect(coveredRoutes(walked).sort()).toEqual(routeList.map((r) => r.name).sort());
  }, 30_000);

  it('throws naming the route, both statuses and the body when a call answers another status', async () => {
    // Prepare: a server that answers 200 to everything, so the first create (201) is wrong
    const always200: RouteCall = async () => ({
      status: 200,
      body: { productId: 'x' },
      headers: new Headers(),
    });

    // Act
    const walk = walkEveryRoute(always200);

    // Assess
    await expect(walk).rejects.toThrow('createProduct: expected 201, got 200: {"productId":"x"}');
  });

  it('fails naming each route of lib/routes.ts that was never called', () => {
    // Prepare
    const names = routeList.map((r) => r.name).filter((n) => n !== 'addWatcher' && n !== 'getShop');

    // Act
    const check = () => assertEveryRouteCovered(names);

    // Assess
    expect(check).toThrow('route walk: never called getShop, addWatcher');
  });
});
