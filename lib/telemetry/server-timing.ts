import type { RequestTelemetry } from './request-telemetry';

/**
 * The request's cost as a W3C Server-Timing header value (docs/operations.md):
 * `db;dur=2.1;desc="1 call, 2 RCU, 0 WCU", app;dur=0.6`. `db` is the wall time during which at
 * least one DynamoDB call was in flight (calls side by side count once, so db + app is the
 * request's time in the function); `app` is the rest: the function's own work.
 */
export function serverTiming(telemetry: RequestTelemetry, now = performance.now()): string {
  const { dynamo } = telemetry;
  const dbMs = dynamo.busyMs + (dynamo.inFlight > 0 ? now - dynamo.busySince : 0);
  const appMs = Math.max(0, now - telemetry.startedAt - dbMs);
  const calls = `${dynamo.calls} call${dynamo.calls === 1 ? '' : 's'}`;
  const desc = `${calls}, ${units(dynamo.readUnits)} RCU, ${units(dynamo.writeUnits)} WCU`;
  return `db;dur=${dbMs.toFixed(1)};desc="${desc}", app;dur=${appMs.toFixed(1)}`;
}

/** Capacity units come in halves (eventually consistent reads): at most one decimal. */
const units = (value: number) => String(Math.round(value * 10) / 10);
