/**
 * `npm run replay-stream -- --consumer sales|events MESSAGES.json [...]`: hands the stream batches a
 * consumer's event source mapping gave up on (its dead-letter queue's messages: alarms
 * `UntalliedSales`, `UnpublishedEvents`) to that consumer again, read again from the table's stream,
 * within the stream's 24 hours (docs/operations.md "When a stream consumer gave up").
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { PUBLISHER_STREAM } from '../../functions/events/stream-filter';
import { SALES_STREAM } from '../../functions/orders/sales-stream-filter';
import { applyLocalEnv } from '../local/local-env';
import type { StreamHandler } from '../local/stream/deliver-batch';
import { configuredStreamsApi } from '../local/stream/streams-api';
import { batchesOf, type StreamBatchInfo } from './dlq-batch';
import { describe } from './read-batch';
import { type ReplayConsumer, replayBatch } from './replay-batch';

const USAGE = `usage: npm run replay-stream -- --consumer sales|events MESSAGES.json [MESSAGES.json ...]
    [--table NAME] [--region R] [--endpoint URL] [--bus NAME --shop ID]
  MESSAGES.json  a dead-letter message's body, an array of them, or what \`aws sqs receive-message\` printed
  --consumer     sales: the sales tally (alarm UntalliedSales); events: the events publisher (UnpublishedEvents)
  --table        the shop's table (stack output TableName; default TABLE_NAME)
  --endpoint     a DynamoDB endpoint (default: DYNAMODB_ENDPOINT; none = real AWS, default credentials)
  --bus, --shop  events only: the stack's EventBusName output and its shop id (events' source shop-api.<shop>)`;

/** Attempts at each Streams API call: the two mappings read the same shards, 5 calls a second in all. */
const STREAMS_API_ATTEMPTS = 8;

const CONSUMERS = {
  sales: {
    label: 'the sales tally',
    filters: SALES_STREAM.filters,
    load: async () => (await import('../../functions/orders/tally-sales')).handler,
  },
  events: {
    label: 'the events publisher',
    filters: PUBLISHER_STREAM.filters,
    load: async () => (await import('../../functions/events/publish-domain-events')).handler,
  },
} as const;
type ConsumerName = keyof typeof CONSUMERS;

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { values, positionals } = parseOrUsage();
  // The handlers' info lines (one per batch) would bury this tool's own; their warnings stay.
  process.env.LOG_LEVEL ??= 'warn';
  process.env.METRICS ??= 'off';
  const name = values.consumer as ConsumerName;
  if (!Object.hasOwn(CONSUMERS, name)) usage('--consumer must be sales or events');
  if (positionals.length === 0) usage('Expected at least one MESSAGES.json');
  if (name === 'events') {
    if (!values.bus || !values.shop) usage('--consumer events needs --bus and --shop');
    process.env.EVENT_BUS_NAME = values.bus;
    process.env.EVENT_SOURCE = `shop-api.${values.shop}`;
  }
  const endpoint = values.endpoint ?? process.env.DYNAMODB_ENDPOINT;
  if (!endpoint && !values.table && !process.env.TABLE_NAME)
    usage('--table is needed against AWS (the stack output TableName)');
  applyLocalEnv({
    ...(endpoint ? { endpoint } : {}),
    ...(values.table ? { table: values.table } : {}),
    ...(values.region ? { region: values.region } : {}),
  });
  const batches = await readBatches(positionals);
  const picked = CONSUMERS[name];
  const consumer: ReplayConsumer = {
    filters: picked.filters,
    handler: (await picked.load()) as StreamHandler,
  };
  const api = configuredStreamsApi({ maxAttempts: STREAMS_API_ATTEMPTS });
  let failed = 0;
  for (const batch of batches) {
    try {
      const done = await replayBatch(api, batch, consumer);
      process.stdout.write(
        `${describe(batch)}: ${done.read} record(s) read again, ${done.handled} handed to ${picked.label}, done\n`,
      );
    } catch (error) {
      failed += 1;
      process.stderr.write(`${(error as Error).message}\n`);
    }
  }
  process.stdout.write(`${batches.length - failed} of ${batches.length} batch(es) replayed\n`);
  if (failed > 0) process.exit(1);
}

function parseOrUsage() {
  try {
    return parseArgs({
      options: {
        consumer: { type: 'string' },
        table: { type: 'string' },
        region: { type: 'string' },
        endpoint: { type: 'string' },
        bus: { type: 'string' },
        shop: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    usage((error as Error).message);
  }
}

/** Every batch the files name, or a usage error naming the file that is not one. */
async function readBatches(files: readonly string[]): Promise<StreamBatchInfo[]> {
  const batches: StreamBatchInfo[] = [];
  for (const file of files) {
    try {
      batches.push(...batchesOf(JSON.parse(await readFile(file, 'utf8'))));
    } catch (error) {
      usage(`${file}: ${(error as Error).message}`);
    }
  }
  return batches;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
