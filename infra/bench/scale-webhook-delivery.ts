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
/**
 * The retry schedule scaled as the test scales it (about 9 attempts an event for the down receiver
 * within its 30 s: far more failing attempts than the real schedule makes, whose first retry comes
 * after a minute), and scaled by 0.1 (retries after 6, 24 and 54 s: 4 attempts an event).
 */
const TEST_SCALE = '0.0021';
const TENTH_SCALE = '0.1';

export interface WebhookDeliveryRow {
  run: string;
  result: WebhookLoadResult;
}

/**
 * `npm run bench:scale -- --parts webhook-delivery` (only when named): the scenario of
 * infra/bench/webhook-delivery-load.ts on the twin's queue (32 attempts at once) in a DynamoDB Local
 * of its own, in process: the healthy receiver alone, then with the flaky and the down one, under
 * two scalings of the retry schedule. Budget: the healthy receiver's p99 ≤ 1 s with the others.
 */
export async function measureWebhookDelivery(say: (line: string) => void): Promise<WebhookDeliveryRow[]> {
  say('starting DynamoDB Local for the webhook deliveries...');
  const dynamo = await startDynamoDbLocal();
  try {
    applyLocalEnv({ endpoint: dynamo.endpoint });
    process.env.WEBHOOK_ALLOW_LOCAL = 'true';
    await createTableIfMissing();
    const runs = [
      { run: 'healthy receiver alone', withOthers: false, scale: TEST_SCALE },
      { run: `with a flaky and a down one, schedule × ${TEST_SCALE}`, withOthers: true, scale: TEST_SCALE },
      { run: `with a flaky and a down one, schedule × ${TENTH_SCALE}`, withOthers: true, scale: TENTH_SCALE },
    ];
    const rows: WebhookDeliveryRow[] = [];
    // A fresh DynamoDB Local runs slowly until its JIT has compiled the calls: one run, not counted.
    say('  a warm-up run (not counted)...');
    const warmUp = new TimerQueue();
    process.env.WEBHOOK_RETRY_SCALE = TEST_SCALE;
    resetConfig();
    await runWebhookLoad({ queue: warmUp, events: EVENTS, downMs: DOWN_MS, withOthers: false }).finally(() =>
      warmUp.stop(),
    );
    for (const { run, withOthers, scale } of runs) {
      say(`  ${EVENTS} events, ${run}...`);
      process.env.WEBHOOK_RETRY_SCALE = scale;
      resetConfig();
      const queue = new TimerQueue();
      try {
        // The longest quiet gap: between the attempts at 24 and 54 s of the tenth-scaled schedule.
        const result = await runWebhookLoad({
          queue,
          events: EVENTS,
          downMs: DOWN_MS,
          withOthers,
          stallMs: 40_000,
        });
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
    // Exactly what the schedule promises: each event to each receiver, the healthy one once, the
    // flaky one three times (two failures, then the answer), every signature valid.
    const expected = [
      ['healthy', result.healthy, { requests: EVENTS, events: EVENTS, badSignatures: 0 }],
      ['flaky', result.flaky, { requests: 3 * EVENTS, events: EVENTS, badSignatures: 0 }],
      ['down', result.down, { events: EVENTS, badSignatures: 0 }],
    ] as const;
    for (const [receiver, tally, want] of expected) {
      if (!tally) continue;
      const wrong = Object.entries(want).filter(([key, value]) => tally[key as keyof typeof tally] !== value);
      if (wrong.length > 0)
        missed.push(
          `webhook-delivery (${run}): ${receiver} receiver ${wrong.map(([k, v]) => `${k} ${tally[k as keyof typeof tally]} (want ${v})`).join(', ')}`,
        );
    }
  }
  for (const { run, result } of rows.filter((r) => r.result.flaky)) {
    const { p99 } = lagSummary(result.healthyLags);
    if (!(p99 <= HEALTHY_P99_BUDGET_MS))
      missed.push(`webhook-delivery (${run}): healthy receiver p99 ${p99} ms > ${HEALTHY_P99_BUDGET_MS} ms`);
  }
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
