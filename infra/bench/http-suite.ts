import { join } from 'node:path';
import type { Child } from './child-process';
import type { DynamoUsage } from './dynamo-meter';
import { callApi } from './http-fixtures';
import type { HttpScenario, Side } from './http-scenarios';
import { type LoadRequest, load } from './load';
import { percentile, table } from './stats';

/** A server under measurement: its URL and its process (for the DynamoDB usage it metered). */
export interface Server {
  url: string;
  process: Child;
}

/** One side's figures for one endpoint at one concurrency. */
export interface SideFigures {
  requests: number;
  p50: number;
  p99: number;
  perSecond: number;
  /** DynamoDB calls per request, lease writes aside. */
  calls: number;
  leaseWrites: number;
  readUnits: number;
  writeUnits: number;
  /** CPU time of the server process per request it took (ms): user + system, every thread. */
  cpuPerRequest: number;
  failed: number;
  /** Of the failed: 409 and 503, the API's designed answers to writers that keep losing a race. */
  contended: number;
  failures: string[];
}

export interface HttpResult {
  scenario: HttpScenario;
  connections: number;
  api: SideFigures;
  floor: SideFigures;
  /**
   * The API's p50 over the floor's: the median of the rounds' ratios (each round measures both sides
   * back to back, so a busy moment of the machine weighs on both sides of one ratio).
   */
  ratio: number;
  /**
   * The API process's CPU per request over the floor process's, median of the rounds' ratios: what
   * our code costs beside the DynamoDB calls, without DynamoDB Local's latency (which both p50s hold).
   */
  cpuRatio: number;
}

export interface HttpSuiteOptions {
  servers: Record<Side, Server>;
  /** Measured seconds per side, endpoint and concurrency (split into rounds). */
  durationS: number;
  /** Rounds per side: the sides take turns, so a busy moment of the machine hits both. */
  rounds: number;
  /** Checkouts per side and concurrency (each uses up a fresh cart). */
  checkouts: Record<number, number>;
  concurrencies: number[];
  say: (line: string) => void;
  /** Write CPU profiles of the API and floor processes per endpoint at concurrency 1 into this folder. */
  profileDir?: string;
}

/** Most p50 of an endpoint at concurrency 1, as a multiple of its floor's (issue "Budgets"). */
export const FLOOR_RATIO_BUDGET = 1.5;

/**
 * Warm-up per side before an endpoint is measured (module import, first projection, JIT, and the
 * JVM of DynamoDB Local settling after the import): seconds of load, or requests for checkouts.
 */
const WARMUP_S = 1;
const WARMUP_CHECKOUTS = 3;

/**
 * Measures each endpoint on the API and on its floor, side by side: the sides take turns in short
 * rounds at each concurrency, each round metered on its own server.
 */
export async function runHttpSuite(
  scenarios: HttpScenario[],
  options: HttpSuiteOptions,
): Promise<HttpResult[]> {
  const { servers, durationS, rounds, checkouts, concurrencies, say, profileDir } = options;
  const results: HttpResult[] = [];
  for (const scenario of scenarios) {
    const counter: Record<Side, number> = { api: 0, floor: 0 };
    const makers = { api: scenario.requests('api'), floor: scenario.requests('floor') };
    const next = (side: Side) => () => makers[side](counter[side]++) as LoadRequest;

    // The floor answers with the API's own answer to the same request.
    const first = await callApi(servers.api.url, next('api')());
    if (first.status < 200 || first.status >= 300)
      throw new Error(`${scenario.name}: the API answered ${first.status} ${first.body.slice(0, 300)}`);
    await servers.floor.process.ask({
      type: 'reply',
      status: first.status,
      body: first.body,
      contentType: first.contentType,
    });
    for (const side of ['api', 'floor'] as const) {
      const warm = await load(servers[side].url, {
        connections: 1,
        ...(scenario.consumes ? { amount: WARMUP_CHECKOUTS } : { durationS: WARMUP_S }),
        next: next(side),
      });
      if (warm.failed > 0)
        throw new Error(`${scenario.name}: ${side} warm-up failed: ${warm.failures.join('; ')}`);
    }

    for (const connections of concurrencies) {
      say(`measuring ${scenario.name} at c=${connections}...`);
      const runs: Record<Side, Run> = { api: emptyRun(), floor: emptyRun() };
      const profiling = profileDir !== undefined && connections === 1;
      if (profiling) {
        await servers.api.process.ask({ type: 'profile-start' });
        await servers.floor.process.ask({ type: 'profile-start' });
      }
      for (let round = 0; round < rounds; round++) {
        const order: Side[] = round % 2 === 0 ? ['floor', 'api'] : ['api', 'floor'];
        for (const side of order) {
          const { url, process } = servers[side];
          await process.ask({ type: 'usage' });
          const result = await load(url, {
            connections,
            ...(scenario.consumes
              ? { amount: Math.ceil((checkouts[connections] ?? 100) / rounds) }
              : { durationS: durationS / rounds }),
            next: next(side),
          });
          const metered = (await process.ask({ type: 'usage' })) as unknown as {
            usage: DynamoUsage;
            requests: number;
            cpuMs: number;
          };
          const run = runs[side];
          run.served += metered.requests;
          run.cpuMs += metered.cpuMs;
          run.roundCpu.push(metered.cpuMs / metered.requests);
          run.latencies.push(...result.latencies);
          run.roundP50s.push(percentile(result.latencies, 50));
          run.elapsedMs += result.elapsedMs;
          run.usage.push(metered.usage);
          run.failed += result.failed;
          run.contended += (result.statuses['409'] ?? 0) + (result.statuses['503'] ?? 0);
          run.failures.push(...result.failures);
        }
      }
      if (profiling) {
        const base = join(profileDir, scenario.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, ''));
        await servers.api.process.ask({ type: 'profile-stop', file: `${base}.api.cpuprofile` });
        await servers.floor.process.ask({ type: 'profile-stop', file: `${base}.floor.cpuprofile` });
        say(
          `  profiles: ${base}.{api,floor}.cpuprofile (${runs.api.served} and ${runs.floor.served} requests)`,
        );
      }
      results.push({
        scenario,
        connections,
        api: figures(runs.api),
        floor: figures(runs.floor),
        ratio: percentile(
          runs.api.roundP50s.map((p50, round) => p50 / (runs.floor.roundP50s[round] as number)),
          50,
        ),
        cpuRatio: percentile(
          runs.api.roundCpu.map((cpu, round) => cpu / (runs.floor.roundCpu[round] as number)),
          50,
        ),
      });
    }
  }
  return results;
}

/** What the rounds of one side gathered. */
interface Run {
  /** Latencies of the answered requests (ms). */
  latencies: number[];
  /** p50 of each round (ms), for the paired ratio. */
  roundP50s: number[];
  elapsedMs: number;
  /** CPU time of the server process over the rounds (ms), and per request in each round. */
  cpuMs: number;
  roundCpu: number[];
  usage: DynamoUsage[];
  /** Requests the server took: answered, and any still running when a timed run ended. */
  served: number;
  failures: string[];
  failed: number;
  contended: number;
}

const emptyRun = (): Run => ({
  roundP50s: [],
  latencies: [],
  elapsedMs: 0,
  cpuMs: 0,
  roundCpu: [],
  usage: [],
  served: 0,
  failures: [],
  failed: 0,
  contended: 0,
});

function figures(run: Run): SideFigures {
  const requests = run.latencies.length;
  const sum = (pick: (u: DynamoUsage) => number) =>
    run.usage.reduce((total, u) => total + pick(u), 0) / run.served;
  return {
    requests,
    p50: percentile(run.latencies, 50),
    p99: percentile(run.latencies, 99),
    perSecond: requests / (run.elapsedMs / 1000),
    calls: sum((u) => u.calls - u.leaseWrites),
    leaseWrites: sum((u) => u.leaseWrites),
    readUnits: sum((u) => u.readUnits),
    writeUnits: sum((u) => u.writeUnits),
    cpuPerRequest: run.cpuMs / run.served,
    failed: run.failed,
    contended: run.contended,
    failures: run.failures.slice(0, 3),
  };
}

/** The budgets an endpoint's result misses (issue "Budgets"); empty when it meets them. */
export function missedHttpBudgets(result: HttpResult): string[] {
  const { scenario, connections, api, floor, ratio, cpuRatio } = result;
  const at = `${scenario.name} c=${connections}`;
  const missed: string[] = [];
  // Above concurrency 1, writers racing for one item may lose every retry: 409/503 is the designed
  // answer there (the client retries), reported as a note; anything else fails the run.
  const tolerated = (side: SideFigures) => (connections === 1 ? 0 : side.contended);
  for (const [name, side] of [
    ['API', api],
    ['floor', floor],
  ] as const) {
    if (side.failed > tolerated(side))
      missed.push(`${at}: ${side.failed} ${name} requests failed (${side.failures.join('; ')})`);
  }
  // The budgets hold at concurrency 1; at 16 the figures show how the endpoint degrades.
  if (connections !== 1) return missed;
  if (!(ratio <= FLOOR_RATIO_BUDGET))
    missed.push(
      `${at}: p50 ${ratio.toFixed(2)}× its floor's (median of the rounds; pooled ${api.p50.toFixed(2)} ms vs ${floor.p50.toFixed(2)} ms), budget ≤ ${FLOOR_RATIO_BUDGET}×`,
    );
  const cpuBudget = scenario.maxCpuRatio;
  if (cpuBudget !== undefined && !(cpuRatio <= cpuBudget))
    missed.push(
      `${at}: CPU per request ${cpuRatio.toFixed(2)}× its floor's (median of the rounds; pooled ${api.cpuPerRequest.toFixed(2)} ms vs ${floor.cpuPerRequest.toFixed(2)} ms), budget ≤ ${cpuBudget}×`,
    );
  // Periodic work lands in the measured rounds at most once per period of the wall time they span
  // (the sides take turns, so about twice the API's own measured time), plus one.
  const periodic = scenario.periodicCalls;
  const spanMs = (2 * 1000 * api.requests) / api.perSecond;
  const allowed =
    scenario.maxCalls + (periodic ? (periodic.calls * (1 + spanMs / periodic.everyMs)) / api.requests : 0);
  if (api.calls > allowed + 1e-9)
    missed.push(`${at}: ${api.calls.toFixed(2)} DynamoDB calls per request (budget ≤ ${allowed.toFixed(3)})`);
  return missed;
}

/** Notes on a result that are not budget misses: contended writers' 409/503 above concurrency 1. */
export function httpNotes(results: HttpResult[]): string[] {
  return results.flatMap(({ scenario, connections, api, floor }) =>
    connections !== 1 && (api.contended > 0 || floor.contended > 0)
      ? [
          `${scenario.name} c=${connections}: ${api.contended} of ${api.requests} API and ${floor.contended} of ${floor.requests} floor requests lost every retry of a race (409/503, the client retries)`,
        ]
      : [],
  );
}

/** The HTTP part's table: API and floor side by side, per endpoint and concurrency. */
export function httpTable(results: HttpResult[]): string {
  const ms = (n: number) => n.toFixed(2);
  return table(
    [
      'endpoint',
      'c',
      'p50 ms',
      'p99 ms',
      'req/s',
      'floor p50',
      'floor p99',
      'floor req/s',
      'p50/floor',
      'CPU ms/req',
      'floor CPU',
      'CPU/floor',
      'calls/req',
      'floor calls',
      'lease writes/req',
      'RCU/req',
      'WCU/req',
      'budget',
      'result',
    ],
    results.map((r) => [
      r.scenario.name,
      String(r.connections),
      ms(r.api.p50),
      ms(r.api.p99),
      r.api.perSecond.toFixed(0),
      ms(r.floor.p50),
      ms(r.floor.p99),
      r.floor.perSecond.toFixed(0),
      `${r.ratio.toFixed(2)}×`,
      ms(r.api.cpuPerRequest),
      ms(r.floor.cpuPerRequest),
      `${r.cpuRatio.toFixed(2)}×`,
      r.api.calls.toFixed(2),
      r.floor.calls.toFixed(2),
      r.api.leaseWrites.toFixed(3),
      r.api.readUnits.toFixed(2),
      r.api.writeUnits.toFixed(2),
      r.connections === 1
        ? [
            `≤${FLOOR_RATIO_BUDGET}×`,
            ...(r.scenario.maxCpuRatio ? [`CPU ≤${r.scenario.maxCpuRatio}×`] : []),
            `≤${r.scenario.maxCalls}${r.scenario.periodicCalls ? '+refresh' : ''} calls`,
          ].join(', ')
        : '-',
      missedHttpBudgets(r).length === 0 ? 'ok' : 'MISSED',
    ]),
  );
}
