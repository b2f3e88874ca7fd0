import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createPublisher } from '../../functions/events/publish-domain-events';
import { PUBLISHER_STREAM } from '../../functions/events/stream-filter';
import { SALES_STREAM } from '../../functions/orders/sales-stream-filter';
import { repoRoot } from '../../infra/local/dev-issuer';
import { LocalEventBus } from '../../infra/local/events/local-event-bus';
import { passesFilters } from '../../infra/local/stream/event-pattern';
import { toLambdaRecord } from '../../infra/local/stream/stream-record';
import { configuredStreamsApi, tableStreamArn } from '../../infra/local/stream/streams-api';
import type { StreamBatchInfo } from '../../infra/replay/dlq-batch';
import { replayBatch } from '../../infra/replay/replay-batch';
import { dynamo, tableName } from '../../lib/data/client';
import { keys } from '../../lib/data/keys';
import { orderableCart } from '../support/carts';
import { salesUntil } from '../support/sales';
import { privateDemoShop } from '../support/shops';

/**
 * `npm run replay-stream` (docs/operations.md "When a stream consumer gave up"): a batch the sales
 * tally's mapping gave up on, named by a dead-letter message as AWS writes it, is read again from
 * the table's stream on DynamoDB Local and counted once, however often it is replayed; the same
 * batch handed to the events publisher publishes its orders' events.
 */

const run = promisify(execFile);
const api = configuredStreamsApi();
let shop: string;
let orderIds: string[];
let batch: StreamBatchInfo;

/** The two orders' INSERT records, read from the stream after `iterator` (opened before they were placed). */
async function orderRecords(iterator: string, streamArn: string, wanted: readonly string[]) {
  const found: DynamoDBRecord[] = [];
  let next: string | undefined = iterator;
  const deadline = Date.now() + 15_000;
  while (next && found.length < wanted.length && Date.now() < deadline) {
    const page = await api.getRecords({ ShardIterator: next, Limit: 1000 });
    for (const raw of page.Records ?? []) {
      const record = toLambdaRecord(raw, streamArn);
      const orderId = record.dynamodb?.NewImage?.orderId?.S;
      if (passesFilters(SALES_STREAM.filters, record) && orderId && wanted.includes(orderId))
        found.push(record);
    }
    next = page.NextShardIterator;
    if ((page.Records ?? []).length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return found;
}

/** The shop's sales figures as GET /sales answers them, polled until `done` says they are settled. */
async function salesWhen(done: (body: { salesPerCurrency: { totalOrders: number }[] }) => boolean) {
  return (await salesUntil(shop, '', done)).body;
}

const ordersCounted = (body: { salesPerCurrency: { totalOrders: number }[] }) =>
  body.salesPerCurrency.reduce((sum, entry) => sum + entry.totalOrders, 0);

/** Every item of a partition (with `sk` beginning so), deleted: the tally's work undone. */
async function deleteAll(pk: string, skPrefix?: string) {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :sk)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':sk': skPrefix } : {}) },
    }),
  );
  for (const item of Items)
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
  return Items.length;
}

/** The CLI as an operator runs it, on the run's DynamoDB Local; its exit code, stdout and stderr. */
async function replayCli(files: string[]) {
  const args = ['--import', 'tsx', 'infra/replay/replay-cli.ts', '--consumer', 'sales', ...files];
  const options = {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', METRICS: 'off', DYNAMODB_ENDPOINT: inject('dynamoEndpoint') },
  };
  return run(process.execPath, [...args, '--table', tableName()], options).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

beforeAll(async () => {
  shop = await privateDemoShop('replay');
  const streamArn = await tableStreamArn();
  const { StreamDescription } = await api.describeStream({ StreamArn: streamArn });
  const open = (StreamDescription?.Shards ?? []).filter((s) => !s.SequenceNumberRange?.EndingSequenceNumber);
  const shardId = open.at(-1)?.ShardId as string;
  const { ShardIterator } = await api.getShardIterator({
    StreamArn: streamArn,
    ShardId: shardId,
    ShardIteratorType: 'LATEST',
  });
  orderIds = [];
  for (let i = 0; i < 2; i++) {
    const placed = await (await orderableCart(shop)).call('/order', { method: 'POST' });
    if (placed.status !== 201) throw new Error(`checkout: ${placed.status} ${placed.text}`);
    orderIds.push(placed.body.orderId);
  }
  const records = await orderRecords(ShardIterator as string, streamArn, orderIds);
  if (records.length !== 2) throw new Error(`found ${records.length} of the 2 orders in the stream`);
  batch = {
    streamArn,
    shardId,
    startSequenceNumber: records[0]?.dynamodb?.SequenceNumber as string,
    endSequenceNumber: records[1]?.dynamodb?.SequenceNumber as string,
  };
}, 60_000);

describe('npm run replay-stream', () => {
  it('counts a batch the tally gave up on once, however often it is replayed; a batch gone from the stream fails, named', {
    timeout: 60_000,
  }, async () => {
    // Prepare: the twin's tally counted both orders; undo its work, as if it had given up on them
    const counted = await salesWhen((body) => ordersCounted(body) === 2);
    for (const orderId of orderIds) await deleteAll(keys.order(shop, orderId).pk, 'SALES#');
    await deleteAll(keys.salesTotals(shop));
    await deleteAll(keys.salesTotals(shop, 'espresso-beans'));
    const undone = await salesWhen(() => true);
    const folder = mkdtempSync(join(tmpdir(), 'replay-'));
    const message = join(folder, 'dead-letter.json');
    // What `aws sqs receive-message` prints for one message of the tally's dead-letter queue.
    const body = {
      requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: 6 },
      version: '1.0',
      timestamp: new Date().toISOString(),
      DDBStreamBatchInfo: { ...batch, batchSize: 2 },
    };
    writeFileSync(message, JSON.stringify({ Messages: [{ MessageId: 'm-1', Body: JSON.stringify(body) }] }));
    const gone = join(folder, 'gone.json');
    writeFileSync(
      gone,
      JSON.stringify({ DDBStreamBatchInfo: { ...batch, shardId: 'shardId-00000000000000000000-gone' } }),
    );

    // Act: the batch and one the stream does not hold, then the batch again
    const first = await replayCli([message, gone]);
    const afterFirst = await salesWhen(() => true);
    const second = await replayCli([message]);
    const afterSecond = await salesWhen(() => true);

    // Assess
    expect(ordersCounted(counted)).toBe(2);
    expect(undone.salesPerCurrency).toEqual([]);
    expect(first.code).toBe(1);
    // The batch spans other files' orders placed meanwhile too: counted already, so skipped.
    const handed = /: \d+ record\(s\) read again, (\d+) handed to the sales tally, done/.exec(first.stdout);
    expect(Number(handed?.[1])).toBeGreaterThanOrEqual(2);
    expect(first.stdout).toContain('1 of 2 batch(es) replayed');
    expect(first.stderr).toContain('shardId-00000000000000000000-gone');
    expect(afterFirst.salesPerCurrency).toEqual(counted.salesPerCurrency);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('1 of 1 batch(es) replayed');
    expect(afterSecond.salesPerCurrency).toEqual(counted.salesPerCurrency);
  });

  it('hands the same batch to the events publisher: its orders are published again', async () => {
    // Prepare
    const bus = new LocalEventBus();
    const publisher = createPublisher({ client: bus, busName: 'replay', source: 'shop-api.replay' });

    // Act
    const done = await replayBatch(api, batch, { filters: PUBLISHER_STREAM.filters, handler: publisher });

    // Assess: each order's creation, once
    const created = bus
      .events((event) => event.detailType === 'order.created')
      .map((event) => String(event.detail.orderId));
    expect(done.handled).toBeGreaterThanOrEqual(2);
    expect(created.filter((id) => orderIds.includes(id)).sort()).toEqual([...orderIds].sort());
  });
});
