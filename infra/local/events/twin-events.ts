import { appendFileSync } from 'node:fs';
import type { DynamoDBRecord } from 'aws-lambda';
import { createPublisher } from '../../../functions/events/publish-domain-events';
import { PUBLISHER_STREAM } from '../../../functions/events/stream-filter';
import { SALES_STREAM } from '../../../functions/orders/sales-stream-filter';
import { createSalesTally } from '../../../functions/orders/tally-sales';
import * as z from '../../../lib/schemas/zod';
import { keepWebhookStates } from '../../../lib/use-cases/webhooks/keep-event-states';
import { startStreamRunner } from '../stream/stream-runner';
import { configuredStreamsApi, tableStreamArn } from '../stream/streams-api';
import { startTwinWebhooks } from '../webhooks/twin-webhooks';
import { eventLine } from './event-line';
import { LocalEventBus } from './local-event-bus';

/** The `source` and bus name of events on the twin (in AWS: `shop-api.<shopId>` and the stack's bus). */
export const LOCAL_EVENT_SOURCE = 'shop-api.local';
export const LOCAL_BUS_NAME = 'local';

/** The twin's event settings (README "Configuration"), read once when the twin starts. */
const Settings = z.object({
  /** `off`: no stream runner (the benches: its polls and the consumer's writes would count). */
  LOCAL_STREAM: z._default(z.enum(['on', 'off']), 'on'),
  /** How often a shard is polled while records come (from one poll's start to the next): Lambda's 4 a second. */
  STREAM_POLL_MS: z._default(z.coerce.number().check(z.int(), z.minimum(10), z.maximum(10_000)), 250),
  /** Appends every event as a JSON line to this file (tests in other processes read it). */
  LOCAL_EVENTS_FILE: z.optional(z.string().check(z.minLength(1))),
});
export type TwinEventSettings = z.infer<typeof Settings>;

/** The settings from the environment; a bad value fails the twin's start, naming the variable. */
export function twinEventSettings(env: NodeJS.ProcessEnv = process.env): TwinEventSettings {
  const parsed = Settings.safeParse(env);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new Error(`Invalid twin setting: ${issues.join('; ')}`);
}

/**
 * The twin's EventBridge bus: one short line on stderr per event unless quiet, and each event as a
 * JSON line in LOCAL_EVENTS_FILE when set (tests in other processes read it).
 */
export function twinBus({ quiet, settings }: { quiet: boolean; settings: TwinEventSettings }): LocalEventBus {
  // Fail now on a file that cannot be written, not at the first event.
  if (settings.LOCAL_EVENTS_FILE) appendFileSync(settings.LOCAL_EVENTS_FILE, '');
  return new LocalEventBus({
    ...(settings.LOCAL_EVENTS_FILE ? { file: settings.LOCAL_EVENTS_FILE } : {}),
    ...(quiet ? {} : { print: (event) => process.stderr.write(`${eventLine(event)}\n`) }),
  });
}

/** The twin's two stream consumers, as a bench that watches them names them. */
export type TwinConsumer = 'events' | 'sales';
/** Told which records a consumer has taken, and when (the bench's stream lag: infra/bench/stream-lag.ts). */
export type StreamObserver = (
  consumer: TwinConsumer,
  records: readonly DynamoDBRecord[],
  doneAt: number,
) => void;

export interface TwinEvents {
  /** Every event the consumer published, as it arrives (waitForEvents for tests). */
  bus: LocalEventBus;
  stop(): Promise<void>;
}

/**
 * The twin's half of "Domain events" (docs/operations.md "Events on the twin"): a local bus, and
 * unless LOCAL_STREAM=off a runner that reads the table's stream on DynamoDB Local and calls the
 * very consumer AWS runs (createPublisher) with it, and a second one for the sales tally
 * (functions/orders/tally-sales.ts), each with its own filters as in AWS. Resolves once every write from now on is seen.
 * Each event is one short line on stderr unless quiet; problems are printed in any case.
 */
export async function startTwinEvents({
  quiet,
  settings = twinEventSettings(),
  observe,
}: {
  quiet: boolean;
  settings?: TwinEventSettings;
  observe?: StreamObserver;
}): Promise<TwinEvents> {
  const bus = twinBus({ quiet, settings });
  if (settings.LOCAL_STREAM === 'off') return { bus, stop: async () => {} };
  const webhooks = startTwinWebhooks(bus);
  const api = configuredStreamsApi();
  const streamArn = await tableStreamArn();
  // Two consumers as in AWS (two event source mappings): the events, and the sales tally.
  const runners = [
    startStreamRunner({
      api,
      streamArn,
      handler: createPublisher({
        client: bus,
        busName: LOCAL_BUS_NAME,
        source: LOCAL_EVENT_SOURCE,
        keepStates: keepWebhookStates,
      }),
      filters: PUBLISHER_STREAM.filters,
      batchSize: PUBLISHER_STREAM.batchSize,
      pollMs: settings.STREAM_POLL_MS,
      ...(observe ? { handled: (records, at) => observe('events', records, at) } : {}),
    }),
    startStreamRunner({
      api,
      streamArn,
      handler: createSalesTally(),
      filters: SALES_STREAM.filters,
      batchSize: SALES_STREAM.batchSize,
      pollMs: settings.STREAM_POLL_MS,
      report: (line) => process.stderr.write(`[sales] ${line}\n`),
      ...(observe ? { handled: (records, at) => observe('sales', records, at) } : {}),
    }),
  ];
  const stop = async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await webhooks.stop();
  };
  try {
    await Promise.all(runners.map((r) => r.ready));
  } catch (error) {
    await stop();
    throw error;
  }
  return { bus, stop };
}
