/**
 * `npm run bench`: imports a generated 10,000-product catalog into a fresh shop on a DynamoDB Local
 * it starts itself, then measures warm requests IN PROCESS (the handlers called with API Gateway
 * events, the whole Middy pipeline included): p50/p95 latency and DynamoDB calls and read units per
 * request. Exits 1 when a target is missed: p95 < 50 ms for searches, at most one DynamoDB read
 * (the catalog version check) per warm list or search.
 * Options: --products N (default 10000), --samples N (default 100), --seed S.
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../lib/data/catalog-repository';
import { dynamo } from '../../lib/data/client';
import { issueDevToken } from '../local/dev-issuer';
import { meterDynamo } from './dynamo-meter';
import { listCategoryQuery, listFirstPage, listLaterPage } from './list';
import { machine } from './machine';
import { missedTargets, runScenario, type ScenarioResult } from './scenario';
import { searchQueryAndFilters, searchTwoFilters } from './search';
import { benchShop } from './setup';
import { table } from './stats';
import { inProcessTransport } from './transport';

const say = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '10000' },
      samples: { type: 'string', default: '100' },
      seed: { type: 'string', default: '1' },
    },
    strict: true,
  });
  const products = Number(values.products);
  const samples = Number(values.samples);
  const seed = Number(values.seed);
  // One JSON access-log line per request would measure the terminal, not the API.
  process.env.LOG_LEVEL = 'warn';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // One token makes every request: lift the hourly limit so a long run is not cut off by 429s. The
  // rate limit still runs and still leases its blocks (the writes/req column).
  process.env.RATE_LIMIT_PER_HOUR = '100000000';

  const shop = await benchShop({ shopId: 'bench', products, seed }, say);
  try {
    const meter = meterDynamo(dynamo());
    const transport = inProcessTransport(issueDevToken(shop.shopId));

    // Cold: the catalog partition load (outside a handler: on DynamoDB Local a 10k-product load can
    // outlast the 29 s API Gateway timeout), then the first request, which builds the projection.
    let started = performance.now();
    if (!(await loadCatalog(shop.shopId))) throw new Error('the bench shop has no catalog');
    const loadMs = performance.now() - started;
    const loadUsage = meter.take();
    started = performance.now();
    const first = await transport({ method: 'GET', path: `/${shop.shopId}/products` });
    const firstMs = performance.now() - started;
    meter.take();
    if (first.status !== 200) throw new Error(`first request failed: ${first.status} ${first.body}`);

    const scenarios = [
      searchTwoFilters(shop.shopId),
      searchQueryAndFilters(shop.shopId),
      listFirstPage(shop.shopId),
      listLaterPage(shop.shopId),
      listCategoryQuery(shop.shopId),
    ];
    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      say(`measuring ${scenario.name}...`);
      results.push(await runScenario(scenario, transport, meter, { warmup: 20, samples }));
    }
    meter.remove();

    const m = machine();
    const out = [
      `catalog: ${products} products (seed ${seed}); generate+validate ${fmt(shop.generateMs)} ms, import ${(shop.importMs / 1000).toFixed(1)} s`,
      `cold: catalog load ${fmt(loadMs)} ms (${loadUsage.calls} DynamoDB calls, ${fmt(loadUsage.readUnits)} read units); first request (projection build) ${fmt(firstMs)} ms`,
      `machine: ${m.cpus} CPUs, ${m.cpuModel}, Node ${m.node}; DynamoDB Local in memory; in-process handler calls`,
      '',
      table(
        [
          'scenario (warm)',
          'requests',
          'p50 ms',
          'p95 ms',
          'max ms',
          'p50/p95 ms w/o DynamoDB wait',
          'reads/req',
          'read units/req',
          'writes/req',
          'target',
          'result',
        ],
        results.map((r) => [
          r.scenario.name,
          String(r.samples),
          r.p50.toFixed(2),
          r.p95.toFixed(2),
          r.max.toFixed(1),
          `${r.p50Own.toFixed(2)}/${r.p95Own.toFixed(2)}`,
          r.readsPerRequest.toFixed(2),
          r.readUnitsPerRequest.toFixed(2),
          r.writesPerRequest.toFixed(2),
          [r.scenario.p95TargetMs ? `p95<${r.scenario.p95TargetMs}` : '', `reads<=${r.scenario.maxReads}`]
            .filter(Boolean)
            .join(' '),
          missedTargets(r).length === 0 ? 'ok' : 'MISSED',
        ]),
      ),
      '',
      `DynamoDB commands of warm requests: ${[...new Set(results.flatMap((r) => r.commands))].join(', ') || 'none'}`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
    const missed = results.flatMap(missedTargets);
    for (const line of missed) say(`target missed: ${line}`);
    return missed.length === 0 ? 0 : 1;
  } finally {
    await shop.dynamo.stop();
  }
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);

process.exitCode = await main();
