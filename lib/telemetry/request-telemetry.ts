import { AsyncLocalStorage } from 'node:async_hooks';
import type { ShopMetric } from './metric-names';

/**
 * What one request's telemetry collects while it runs: who it is (for every log line), the
 * DynamoDB work it caused (for Server-Timing and the metrics) and the business events it
 * produced. Held in an AsyncLocalStorage, so the data layer can add to it without being handed
 * anything, and concurrent requests of the local twin (one process) never mix.
 */
export interface RequestTelemetry {
  requestId: string;
  route: string;
  /** The shop of the path (log lines); the metrics use the verified one. */
  shopId?: string;
  functionName?: string;
  coldStart: boolean;
  traceId?: string;
  /** Sampled for debug logging (LOG_SAMPLE_RATE). */
  debug: boolean;
  /** performance.now() at the start. */
  startedAt: number;
  /** Set when the response is shaped: later work (timers the request started) is not its own. */
  ended: boolean;
  dynamo: DynamoWork;
  /** Business counts (CartsCreated, ...) this request produced. */
  counts: Map<BusinessCount, number>;
  /** The value of the order placed, exact decimal text in the currency's major unit. */
  orderValue?: { currency: string; decimal: string };
}

/** DynamoDB calls and consumed capacity, and the wall time with at least one call in flight. */
export interface DynamoWork {
  calls: number;
  readUnits: number;
  writeUnits: number;
  inFlight: number;
  /** performance.now() when the in-flight count last rose from 0. */
  busySince: number;
  busyMs: number;
}

export type BusinessCount = ShopMetric;

const store = new AsyncLocalStorage<RequestTelemetry>();
const warmFunctions = new Set<string>();

/**
 * Starts a request's telemetry and makes it current for everything the request runs from here
 * on (enterWith: Middy offers no hook that wraps the whole chain, and the first middleware runs
 * synchronously inside the handler call, so the rest of the chain inherits it).
 */
export function beginRequest(
  init: Pick<RequestTelemetry, 'requestId' | 'route' | 'shopId' | 'functionName' | 'traceId' | 'debug'>,
): RequestTelemetry {
  const name = init.functionName ?? init.route;
  const coldStart = !warmFunctions.has(name);
  warmFunctions.add(name);
  const telemetry: RequestTelemetry = {
    ...init,
    coldStart,
    startedAt: performance.now(),
    ended: false,
    dynamo: { calls: 0, readUnits: 0, writeUnits: 0, inFlight: 0, busySince: 0, busyMs: 0 },
    counts: new Map(),
  };
  store.enterWith(telemetry);
  return telemetry;
}

/** The running request's telemetry, if any (none at module scope and after the response). */
export function currentRequest(): RequestTelemetry | undefined {
  const telemetry = store.getStore();
  return telemetry && !telemetry.ended ? telemetry : undefined;
}

/** Counts a business event of the running request (a no-op outside a request). */
export function countEvent(name: BusinessCount, by = 1): void {
  const telemetry = currentRequest();
  if (telemetry) telemetry.counts.set(name, (telemetry.counts.get(name) ?? 0) + by);
}
