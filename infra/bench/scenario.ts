import type { DynamoUsage } from './dynamo-meter';
import { percentile } from './stats';
import type { BenchRequest, Transport } from './transport';

/** A benchmark scenario: a family of requests and the targets they must meet when warm. */
export interface Scenario {
  name: string;
  /** The i-th request (scenarios vary their parameters so no answer is served from a memo alone). */
  request: (i: number) => BenchRequest;
  /** p95 latency target in ms, if the scenario has one. */
  p95TargetMs?: number;
  /** Most DynamoDB reads a warm request may make. */
  maxReads: number;
  /**
   * Reads an instance makes now and then beside its requests, allowed on top of maxReads to one
   * request per `everyMs`: the live stock's refresh of the routes that show products (at most every
   * 5 s; lib/data/inventory/stock-view.ts), as the HTTP suite allows it (http-scenarios.ts).
   */
  periodicReads?: { reads: number; everyMs: number };
}

export interface ScenarioResult {
  scenario: Scenario;
  samples: number;
  p50: number;
  p95: number;
  max: number;
  readsPerRequest: number;
  readUnitsPerRequest: number;
  /** Writes per request: the rate limit's lease of a block of the allowance, amortized. */
  writesPerRequest: number;
  /** Largest number of DynamoDB reads any one request made. */
  maxReadsSeen: number;
  /** The requests that made more than maxReads: when (ms into the run) and how many reads. */
  overReads: { at: number; reads: number }[];
  commands: string[];
  failures: string[];
}

/**
 * Runs a scenario: `warmup` requests first (not measured), then `samples` measured ones, one at a
 * time, each timed and metered on its own.
 */
export async function runScenario(
  scenario: Scenario,
  transport: Transport,
  meter: { take(): DynamoUsage },
  { warmup, samples }: { warmup: number; samples: number },
): Promise<ScenarioResult> {
  const failures: string[] = [];
  for (let i = 0; i < warmup; i++) await transport(scenario.request(i));
  meter.take();
  const times: number[] = [];
  let reads = 0;
  let writes = 0;
  let readUnits = 0;
  let maxReadsSeen = 0;
  const overReads: ScenarioResult['overReads'] = [];
  const runStarted = performance.now();
  const commands = new Set<string>();
  for (let i = 0; i < samples; i++) {
    const request = scenario.request(warmup + i);
    const started = performance.now();
    const response = await transport(request);
    times.push(performance.now() - started);
    const usage = meter.take();
    reads += usage.reads;
    writes += usage.calls - usage.reads;
    readUnits += usage.readUnits;
    maxReadsSeen = Math.max(maxReadsSeen, usage.reads);
    if (usage.reads > scenario.maxReads) overReads.push({ at: started - runStarted, reads: usage.reads });
    for (const c of usage.commands) commands.add(c);
    if (response.status >= 300 && failures.length < 3) {
      failures.push(`${request.method} ${request.path}: ${response.status} ${response.body.slice(0, 200)}`);
    }
  }
  return {
    scenario,
    samples,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
    readsPerRequest: reads / samples,
    readUnitsPerRequest: readUnits / samples,
    writesPerRequest: writes / samples,
    maxReadsSeen,
    overReads,
    commands: [...commands],
    failures,
  };
}

/** Why a result misses its targets; empty when it meets them. */
export function missedTargets(result: ScenarioResult): string[] {
  const missed: string[] = [...result.failures];
  const { scenario } = result;
  if (scenario.p95TargetMs !== undefined && result.p95 >= scenario.p95TargetMs) {
    missed.push(`${scenario.name}: p95 ${result.p95.toFixed(1)} ms ≥ ${scenario.p95TargetMs} ms`);
  }
  const periodic = scenario.periodicReads;
  let lastPeriodic = Number.NEGATIVE_INFINITY;
  for (const { at, reads } of result.overReads) {
    const isPeriodic =
      periodic !== undefined &&
      reads <= scenario.maxReads + periodic.reads &&
      at - lastPeriodic >= periodic.everyMs;
    if (isPeriodic) {
      lastPeriodic = at;
      continue;
    }
    missed.push(`${scenario.name}: a request made ${reads} DynamoDB reads (at most ${scenario.maxReads})`);
    break;
  }
  return missed;
}
