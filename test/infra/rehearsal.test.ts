import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAssembly } from '../../infra/local/bundled/assembly';
import { startBundledServices } from '../../infra/local/bundled/bundled-services';
import { synthesizeAssembly } from '../../infra/local/bundled/synthesize';
import { issueDevToken } from '../../infra/local/dev-issuer';
import { twinEventSettings } from '../../infra/local/events/twin-events';
import { startTwin, type Twin } from '../../infra/local/twin';
import { type Answer, httpRouteCall, type RouteCall, walkEveryRoute } from '../../infra/openapi/route-walk';
import { runSmoke } from '../../infra/smoke/run-smoke';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { routeList } from '../../lib/routes';
import { startReceiver } from '../support/webhook-receiver';

/**
 * The deployment rehearsal (docs/rehearsal.md), as CI runs it: the stack synthesized by the CDK CLI
 * exactly as `npm run synth` does (native modules for this machine), and a twin serving every
 * function from its asset folder, in processes of their own, with the environment the template
 * gives it. Every route must answer through its bundle with the status its own test expects; a
 * bundle that cannot start must turn the run red.
 */

const folder = mkdtempSync(join(tmpdir(), 'shop-rehearsal-'));
const assemblyDir = join(folder, 'assembly');
let twin: Twin;

beforeAll(async () => {
  await synthesizeAssembly(assemblyDir, () => {});
  // The twin of the other API tests shares this process's environment: not its events file.
  delete process.env.LOCAL_EVENTS_FILE;
  process.env.LOG_LEVEL = 'warn';
  process.env.METRICS = 'off';
  process.env.WEBHOOK_ALLOW_LOCAL = 'true';
  twin = await startTwin({ port: 0, quiet: true, assemblyDir, shortLived: true });
}, 240_000);
afterAll(async () => {
  await twin?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('the deployment rehearsal', () => {
  it('answers every route through its bundle with the status its own test expects', async () => {
    // Prepare: the walk over HTTP, keeping the answers
    const http = httpRouteCall({ baseUrl: twin.url, shopId: 'demo', token: issueDevToken('demo') });
    const answers = new Map<string, Answer>();
    const call: RouteCall = async (name, ...rest) => {
      const answer = await http(name, ...rest);
      if (name) answers.set(name, answer);
      return answer;
    };

    // Act
    const walked = await walkEveryRoute(call);

    // Assess: the walk checked each status; each route's function ran from its bundle
    expect(walked.filter((w) => w.name !== null && w.status !== w.expected)).toEqual([]);
    const idle = [...(twin.functions ?? [])].filter(([name, host]) => {
      const route = routeList.find((r) => name.endsWith(`/${r.name}`));
      return route !== undefined && host.invocations === 0;
    });
    expect(idle.map(([name]) => name)).toEqual([]);
    // The image upload's bundle carries sharp (for this machine): the answer lists the sizes it made.
    const upload = answers.get('uploadSlideshowImage')?.body as { sizes?: { width: number }[] };
    expect(upload.sizes?.length).toBeGreaterThan(0);
    expect(upload.sizes?.every((size) => size.width > 0)).toBe(true);
  }, 180_000);

  it('delivers a checkout webhook from the stream consumer, the bus rule and the queue function', async () => {
    // Prepare
    const receiver = await startReceiver();
    const shop = 'other';
    const headers = {
      accept: MEDIA_TYPE_V1,
      authorization: `Bearer ${issueDevToken(shop)}`,
      'content-type': 'application/json',
    };
    const post = (path: string, body: unknown) =>
      fetch(`${twin.url}/${shop}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(
      (await post('/webhooks', { callbackUrl: receiver.url, eventTypes: ['CUSTOMER_CREATE'] })).status,
    ).toBe(201);

    // Act: a customer created; its customer.created event goes stream → publisher → bus → queue → deliverer
    const created = await post('/customers', {
      billingAddress: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' },
    });
    const { customerId } = (await created.json()) as { customerId: string };

    // Assess
    const [delivery] = await receiver.waitFor((r) => r.body.eventType === 'CUSTOMER_CREATE', 1, 30_000);
    expect(JSON.stringify(delivery?.body)).toContain(customerId);
    expect(twin.functions?.get('Webhooks/Deliverer')?.invocations).toBeGreaterThanOrEqual(2);
    expect(twin.functions?.get('Events/Publisher')?.invocations).toBeGreaterThan(0);
    await receiver.close();
  }, 60_000);

  it('passes the smoke test a merchant runs after the deploy', async () => {
    // Act
    const report = await runSmoke({
      url: twin.url,
      shop: 'demo',
      token: issueDevToken('demo'),
      log: () => {},
    });

    // Assess
    expect(report.failure).toBeNull();
    expect(report.ok).toBe(true);
  }, 60_000);

  it('turns red when a bundle cannot start or the template forgot a variable', async () => {
    // Prepare: the same assembly, broken twice on purpose: getShop's bundle imports a module that
    // was left out of it, and getLocales' template lost TABLE_NAME
    const broken = readAssembly(assemblyDir);
    const getShop = broken.functions.find((f) => f.name.endsWith('/getShop'));
    const getLocales = broken.functions.find((f) => f.name.endsWith('/getLocales'));
    if (!getShop || !getLocales) throw new Error('no getShop or getLocales in the assembly');
    const asset = join(folder, 'broken-asset');
    cpSync(getShop.assetDir, asset, { recursive: true });
    const code = readFileSync(join(asset, 'index.mjs'), 'utf8');
    writeFileSync(join(asset, 'index.mjs'), `import 'left-out-of-the-bundle';\n${code}`);
    getShop.assetDir = asset;
    delete getLocales.environment.TABLE_NAME;
    const services = await startBundledServices({
      assembly: broken,
      port: 0,
      tableName: process.env.TABLE_NAME as string,
      dynamoEndpoint: twin.dynamoEndpoint,
      s3Endpoint: twin.s3Endpoint,
      quiet: true,
      settings: { ...twinEventSettings(), LOCAL_STREAM: 'off' },
    });
    const call = httpRouteCall({ baseUrl: services.url, shopId: 'demo', token: issueDevToken('demo') });

    // Act
    const shop = await call('getShop', 'GET', '', undefined, undefined, 200);
    const locales = await call('getLocales', 'GET', '/locales', undefined, undefined, 200);
    const walk = walkEveryRoute(call);

    // Assess: the broken functions fail their routes, and the walk CI runs fails on the first
    await expect(walk).rejects.toThrow(/getShop: expected 200, got 502/);
    expect(shop.status).toBe(502);
    expect(locales.status).toBeGreaterThanOrEqual(500);
    await services.stop();
  }, 60_000);
});
