import { resetConfig } from '../../lib/config';
import { createTableIfMissing } from '../../lib/data/create-table';
import { startDynamoDbLocal } from '../local/dynamodb-local';
import { applyLocalEnv } from '../local/local-env';
import { TimerQueue } from '../local/webhooks/timer-queue';
import { table } from './stats';
import { lagSummary, runWebhookLoad, type WebhookLoadResult } from './webhook-delivery-load';

/** Most p99 event-to-delivery of the healthy receiver on the twin (issue 26 "Budgets"). */
export const HEALTHY_P99_BUDGET_MS = 1000;

const EVENTS = 1000;
const DOWN_MS = 30_000;
/** The retry schedule scaled so that the down receiver's retries outlast its 30 s (as in the test). */
const RETRY_SCALE = '0.0021';

export interface WebhookDeliveryRow {
  run: string;
  result: WebhookLoadResult;
}

/**
 * `npm run bench:scale -- --parts webhook-delivery` (only when named): the scenario of
 * infra/bench/webhook-delivery-load.ts on the twin's queue (32 attempts at once) in a DynamoDB Local
 * of its own, in process: the healthy receiver alone, then with the flaky and the down one.
 * Budget: the healthy receiver's p99 ≤ 1 s with the others.
 */
export async function measureWebhookDelivery(say: (line: string) => void): Promise<WebhookDeliveryRow[]> {
  say('starting DynamoDB Local for the webhook deliveries...');
  const dynamo = await startDynamoDbLocal();
  try {
    applyLocalEnv({ endpoint: dynamo.endpoint });
    Object.assign(process.env, { WEBHOOK_RETRY_SCALE: RETRY_SCALE, WEBHOOK_ALLOW_LOCAL: 'true' });
    resetConfig();
    await createTableIfMissing();
    const runs = [
      { run: 'healthy receiver alone', withOthers: false },
      { run: 'with a flaky and a down receiver', withOthers: true },
    ];
    const rows: WebhookDeliveryRow[] = [];
    for (const { run, withOthers } of runs) {
      say(`  ${EVENTS} events, ${run}...`);
      const queue = new TimerQueue();
      try {
        const result = await runWebhookLoad({ queue, events: EVENTS, downMs: DOWN_MS, withOthers });
        const lags = lagSummary(result.healthyLags);
        say(`    healthy p50 ${lags.p50} ms, p99 ${lags.p99} ms; all delivered in ${result.tookMs} ms`);
        rows.push({ run, result });
      } finally {
        await queue.stop();
      }
    }
    return rows;
  } finally {
    await dynamo.stop();
  }
}

/** The webhook delivery budget missed (and anything lost), as printable lines. */
export function missedWebhookDeliveryBudgets(rows: readonly WebhookDeliveryRow[]): string[] {
  const missed: string[] = [];
  for (const { run, result } of rows) {
    const lost = [result.healthy, result.down].filter((t) => t && t.events < EVENTS).length;
    if (lost > 0 || (result.flaky && result.flaky.requests < 3 * EVENTS))
      missed.push(`webhook-delivery (${run}): events not delivered to every receiver`);
  }
  const withOthers = rows.find((r) => r.run === 'with a flaky and a down receiver');
  const p99 = withOthers ? lagSummary(withOthers.result.healthyLags).p99 : Number.NaN;
  if (!(p99 <= HEALTHY_P99_BUDGET_MS))
    missed.push(`webhook-delivery: healthy receiver p99 ${p99} ms > ${HEALTHY_P99_BUDGET_MS} ms`);
  return missed;
}

export function webhookDeliveryTable(rows: readonly WebhookDeliveryRow[]): string {
  return table(
    ['1,000 events', 'healthy p50 ms', 'p99 ms', 'max ms', 'flaky requests', 'down events', 'all in s'],
    rows.map(({ run, result }) => {
      const lags = lagSummary(result.healthyLags);
      return [
        run,
        String(lags.p50),
        String(lags.p99),
        String(lags.max),
        result.flaky ? String(result.flaky.requests) : '-',
        result.down ? String(result.down.events) : '-',
        (result.tookMs / 1000).toFixed(1),
      ];
    }),
  );
}
