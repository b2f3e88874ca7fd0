import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLISHER_STREAM } from '../../functions/events/stream-filter';
import { deliverBatch } from '../../infra/local/stream/deliver-batch';
import { shardsToStart } from '../../infra/local/stream/shard-plan';
import { type StreamRunner, startStreamRunner } from '../../infra/local/stream/stream-runner';
import { FakeStream } from './support/fake-stream';

const seqOf = (r: DynamoDBRecord) => r.dynamodb?.SequenceNumber ?? '';
const runners: StreamRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

/**
 * A runner on `stream` (batches of 3, quick polls and retries) whose handler answers with `answer`
 * (default: all handled). `handled` lists the records the handler took, in order: a batch's
 * records before its first reported failure, or all of a batch without failures.
 */
function run(stream: FakeStream, answer?: (event: DynamoDBStreamEvent) => DynamoDBBatchResponse) {
  const handled: string[] = [];
  const calls: string[][] = [];
  const reports: string[] = [];
  const runner = startStreamRunner({
    api: stream,
    streamArn: stream.arn,
    handler: async (event) => {
      const seqs = event.Records.map(seqOf);
      calls.push(seqs);
      const response = answer?.(event) ?? { batchItemFailures: [] };
      const failedAt = seqs.indexOf(response.batchItemFailures[0]?.itemIdentifier ?? '');
      handled.push(...(failedAt < 0 ? seqs : seqs.slice(0, failedAt)));
      return response;
    },
    filters: PUBLISHER_STREAM.filters,
    batchSize: 3,
    pollMs: 5,
    retry: { firstMs: 5, maxMs: 20 },
    listEveryMs: 20,
    report: (line) => reports.push(line),
  });
  runners.push(runner);
  return { runner, handled, calls, reports };
}

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('stream runner: following shards', () => {
  it('reads open shards from the start of the runner on, leaves closed ones, in order and in batches', async () => {
    // Prepare: records from before the start, on an open and on a closed shard
    const stream = new FakeStream();
    stream.open('s0');
    stream.write('s0', 2);
    stream.open('old');
    stream.write('old', 1);
    stream.close('old');
    const { runner, handled, calls } = run(stream);
    await runner.ready;

    // Act
    const written = stream.write('s0', 5);
    await until(() => handled.length >= 5);

    // Assess
    expect(handled).toEqual(written);
    expect(calls.map((c) => c.length)).toEqual([3, 2]);
  });

  it('follows a split: the parent to its last record first, then each child from its first', async () => {
    // Prepare
    const stream = new FakeStream();
    stream.open('parent');
    const { runner, handled } = run(stream);
    await runner.ready;
    const early = stream.write('parent', 2);
    stream.open('left', 'parent');
    stream.open('right', 'parent');
    const left = stream.write('left', 2);
    const right = stream.write('right', 1);
    const late = stream.write('parent', 1);

    // Act: the children wait while the parent is open, however often the shards are listed
    await until(() => handled.length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const whileOpen = [...handled];
    stream.close('parent');
    await until(() => handled.length >= 6);

    // Assess
    expect(whileOpen).toEqual([...early, ...late]);
    expect(handled.slice(0, 3)).toEqual([...early, ...late]);
    expect(handled.filter((s) => left.includes(s))).toEqual(left);
    expect(handled.filter((s) => right.includes(s))).toEqual(right);
    expect(handled).toHaveLength(6);
  });

  it('reads on while the consumer works, and hands it what came meanwhile in one batch', async () => {
    // Prepare: a consumer whose first call waits until it is let go; batches of up to 3
    const stream = new FakeStream();
    stream.open('s0');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[][] = [];
    let entered = false;
    const runner = startStreamRunner({
      api: stream,
      streamArn: stream.arn,
      handler: async (event) => {
        entered = true;
        if (calls.length === 0) await held;
        calls.push(event.Records.map(seqOf));
        return { batchItemFailures: [] };
      },
      filters: PUBLISHER_STREAM.filters,
      batchSize: 3,
      pollMs: 5,
      report: () => {},
    });
    runners.push(runner);
    await runner.ready;

    // Act: one record, then two more while the consumer holds the first
    const first = stream.write('s0', 1);
    await until(() => entered);
    const more = stream.write('s0', 2);
    const polls = stream.polls;
    try {
      await until(() => stream.polls >= polls + 2);
    } finally {
      release();
    }
    await until(() => calls.length >= 2);

    // Assess: the shard was read on meanwhile; the second call holds both later records, in order
    expect(calls).toEqual([first, more]);
  });

  it('plans from a listing: LATEST for open shards at the start, TRIM_HORIZON once a parent is done', () => {
    // Prepare
    const listed = [
      { ShardId: 'a', SequenceNumberRange: { EndingSequenceNumber: '9' } },
      { ShardId: 'b', ParentShardId: 'a' },
      { ShardId: 'c', ParentShardId: 'b' },
      { ShardId: 'd', ParentShardId: 'trimmed-away' },
    ];

    // Act
    const first = shardsToStart(listed.slice(0, 2), { first: true, started: new Set(), finished: new Set() });
    const later = shardsToStart(listed, { first: false, started: new Set(['b']), finished: new Set(['a']) });
    const afterB = shardsToStart(listed, {
      first: false,
      started: new Set(['b', 'd']),
      finished: new Set(['a', 'b']),
    });

    // Assess
    expect(first).toEqual({ starts: [{ shardId: 'b', from: 'LATEST' }], left: ['a'] });
    expect(later).toEqual({ starts: [{ shardId: 'd', from: 'TRIM_HORIZON' }], left: [] });
    expect(afterB).toEqual({ starts: [{ shardId: 'c', from: 'TRIM_HORIZON' }], left: [] });
  });
});

describe('stream runner: failures and stopping', () => {
  it('retries from the failed record with a growing backoff, never repeating or reordering the others', async () => {
    // Prepare: the consumer fails on the middle record twice
    const stream = new FakeStream();
    stream.open('s0');
    let failures = 0;
    const { runner, handled, calls, reports } = run(stream, (event) => {
      const doomed = event.Records.find((r) => seqOf(r) === written[1]);
      if (!doomed || failures >= 2) return { batchItemFailures: [] };
      failures += 1;
      return { batchItemFailures: [{ itemIdentifier: seqOf(doomed) }] };
    });
    await runner.ready;

    // Act
    const written = stream.write('s0', 3);
    await until(() => handled.length >= 3);

    // Assess
    expect(handled).toEqual(written);
    expect(calls).toEqual([written, written.slice(1), written.slice(1)]);
    expect(reports).toEqual([
      expect.stringMatching(/2 record\(s\) from \d+ not handled \(batch item failure\); retry 1 in 5 ms/),
      expect.stringMatching(/retry 2 in 10 ms/),
    ]);
  });

  it('retries the whole batch when the consumer throws or names a record the batch does not hold', async () => {
    // Prepare
    const records = ['1', '2', '3'].map((seq) => ({ dynamodb: { SequenceNumber: seq } }));
    const calls: string[][] = [];
    const answers = [
      () => {
        throw new Error('boom');
      },
      () => ({ batchItemFailures: [{ itemIdentifier: 'unknown' }] }),
      () => ({ batchItemFailures: [{ itemIdentifier: '3' }, { itemIdentifier: '2' }] }),
      () => ({ batchItemFailures: [] }),
    ];
    const waits: number[] = [];

    // Act
    const done = await deliverBatch(records, {
      handler: async (event) => {
        calls.push(event.Records.map(seqOf));
        return (answers[calls.length - 1] as () => DynamoDBBatchResponse)();
      },
      retry: { firstMs: 100, maxMs: 250 },
      wait: async (ms) => {
        waits.push(ms);
        return true;
      },
      report: () => {},
    });

    // Assess: the lowest failed record counts; progress resets the backoff
    expect(done).toBe(true);
    expect(calls).toEqual([
      ['1', '2', '3'],
      ['1', '2', '3'],
      ['1', '2', '3'],
      ['2', '3'],
    ]);
    expect(waits).toEqual([100, 200, 100]);
  });

  it('reports a batch that keeps failing at its first ten attempts, then at every tenth', async () => {
    // Prepare: a consumer that fails 25 times, then takes the batch
    const records = [{ dynamodb: { SequenceNumber: '7' } }];
    const reports: string[] = [];
    let attempts = 0;

    // Act
    const done = await deliverBatch(records, {
      handler: async () => {
        if (attempts++ < 25) throw new Error('down');
        return { batchItemFailures: [] };
      },
      retry: { firstMs: 200, maxMs: 1_000 },
      wait: async () => true,
      report: (line) => reports.push(line),
    });

    // Assess: retries 1-10, 20; the wait doubles to its cap
    expect(done).toBe(true);
    expect(reports.map((line) => /retry (\d+) in (\d+) ms/.exec(line)?.slice(1).join('/'))).toEqual([
      '1/200',
      '2/400',
      '3/800',
      ...['4', '5', '6', '7', '8', '9', '10', '20'].map((attempt) => `${attempt}/1000`),
    ]);
  });

  it('tells after each attempt which records the handler took (the bench times the stream by it)', async () => {
    // Prepare: the first attempt fails at the third record
    const records = ['1', '2', '3', '4'].map((seq) => ({ dynamodb: { SequenceNumber: seq } }));
    const told: string[][] = [];
    let attempts = 0;

    // Act
    await deliverBatch(records, {
      handler: async () => ({ batchItemFailures: attempts++ === 0 ? [{ itemIdentifier: '3' }] : [] }),
      retry: { firstMs: 1, maxMs: 1 },
      wait: async () => true,
      report: () => {},
      handled: (taken) => told.push(taken.map(seqOf)),
    });

    // Assess
    expect(told).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('stops at once, even while it waits to retry, and leaves no timer and no poll behind', async () => {
    // Prepare: a consumer that always fails, with retries 10 s apart
    const stream = new FakeStream();
    stream.open('s0');
    const runner = startStreamRunner({
      api: stream,
      streamArn: stream.arn,
      handler: async () => {
        throw new Error('always');
      },
      filters: [],
      batchSize: 10,
      pollMs: 5,
      retry: { firstMs: 10_000, maxMs: 10_000 },
      report: () => {},
    });
    await runner.ready;
    stream.write('s0', 1);
    await until(() => stream.polls >= 2);

    // Act
    const started = Date.now();
    await runner.stop();
    const polls = stream.polls;
    await new Promise((resolve) => setTimeout(resolve, 30));

    // Assess: stop() awaits every wait of the runner, so returning this soon while a 10 s retry and
    // a 30 s listing wait were pending means both timers were cleared
    expect(Date.now() - started).toBeLessThan(500);
    expect(stream.polls).toBe(polls);
  });
});
