import { loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { dynamo } from '../../lib/data/client';
import * as z from '../../lib/schemas/zod';
import { issueDevToken } from '../local/dev-issuer';
import { meterDynamo } from './dynamo-meter';
import { listCategoryQuery, listFirstPage, listLaterPage } from './list';
import { missedTargets, runScenario, type ScenarioResult } from './scenario';
import { searchQueryAndFilters, searchTwoFilters, suggestTyping } from './search';
import { table } from './stats';
import { inProcessTransport } from './transport';

/**
 * The in-process part of `npm run bench`: the list and search handlers called in this process with
 * API Gateway v2 events (the whole Middy pipeline, no sockets), `samples` requests per scenario one at
 * a time, each timed and metered: the domain and pipeline cost without HTTP. Also times the cold load
 * of the catalog partition and the first request (projection build). Targets: search p95 < 50 ms, product
 * suggest p95 < 10 ms, at most one DynamoDB read per warm request. Needs applyLocalEnv first.
 */
export async function runInProcessSuite(
  shopId: string,
  samples: number,
  say: (line: string) => void,
): Promise<{ report: string; missed: string[] }> {
  // Classic zod (the CDK side's configuration) installs a global memoizer that slows every parse
  // several times over; the Lambda bundles have zod/mini only (infra/function-entries.ts).
  if (z.config().memoizer)
    throw new Error(
      "classic zod is loaded in the bench process: in-process figures would not be the functions' own",
    );
  const meter = meterDynamo(dynamo());
  try {
    const transport = inProcessTransport(issueDevToken(shopId));
    // Cold: the catalog partition load (outside a handler: on DynamoDB Local a 10k-product load can
    // outlast the 29 s API Gateway timeout), then the first request, which builds the projection.
    let started = performance.now();
    if (!(await loadCatalog(shopId))) throw new Error('the bench shop has no catalog');
    const loadMs = performance.now() - started;
    const loadUsage = meter.take();
    started = performance.now();
    const first = await transport({ method: 'GET', path: `/${shopId}/products` });
    const firstMs = performance.now() - started;
    meter.take();
    if (first.status !== 200) throw new Error(`first request failed: ${first.status} ${first.body}`);

    const scenarios = [
      searchTwoFilters(shopId),
      searchQueryAndFilters(shopId),
      listFirstPage(shopId),
      listLaterPage(shopId),
      listCategoryQuery(shopId),
      suggestTyping(shopId),
    ];
    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      say(`measuring in process: ${scenario.name}...`);
      results.push(await runScenario(scenario, transport, meter, { warmup: 20, samples }));
    }
    const report = [
      `cold: catalog load ${fmt(loadMs)} ms (${loadUsage.calls} DynamoDB calls, ${fmt(loadUsage.readUnits)} read units); first request (projection build) ${fmt(firstMs)} ms`,
      '',
      table(
        [
          'scenario (warm, in process)',
          'requests',
          'p50 ms',
          'p95 ms',
          'max ms',
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
    ].join('\n');
    return { report, missed: results.flatMap(missedTargets) };
  } finally {
    meter.remove();
  }
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);
