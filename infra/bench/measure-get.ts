import type { Child } from './child-process';
import type { DynamoUsage } from './dynamo-meter';
import { type ApiAnswer, callApi } from './http-fixtures';
import { type LoadRequest, load } from './load';
import { percentile } from './stats';

/** One request's figures at concurrency 1, with the API process's DynamoDB work per request. */
export interface MeasuredGet {
  /** The first answer (checked 200), for what the rows show of its body. */
  first: ApiAnswer;
  p50: number;
  p99: number;
  calls: number;
  readUnits: number;
}

/**
 * The scale parts' measurement of one read: its first answer (must be 200; a 503 is asked again, as
 * a client would: an instance's cold load of a list keeps what it read), `warmup` requests not
 * measured, then `samples` requests one at a time, timed, and metered by the API process.
 */
export async function measureGet(
  api: Child,
  label: string,
  request: LoadRequest,
  samples: number,
  warmup = 3,
): Promise<MeasuredGet> {
  const url = String(api.ready.url);
  let first = await callApi(url, request);
  for (let retry = 0; first.status === 503 && retry < 10; retry++) first = await callApi(url, request);
  if (first.status !== 200) throw new Error(`${label}: ${first.status} ${first.body.slice(0, 300)}`);
  await load(url, { connections: 1, amount: warmup, next: () => request });
  await api.ask({ type: 'usage' });
  const measured = await load(url, { connections: 1, amount: samples, next: () => request });
  const usage = (await api.ask({ type: 'usage' })).usage as DynamoUsage;
  if (measured.failed > 0) throw new Error(`${label}: ${measured.failures.join('; ')}`);
  return {
    first,
    p50: percentile(measured.latencies, 50),
    p99: percentile(measured.latencies, 99),
    calls: usage.calls / measured.requests,
    readUnits: usage.readUnits / measured.requests,
  };
}
