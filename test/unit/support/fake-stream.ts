import type { Shard } from '@aws-sdk/client-dynamodb-streams';
import type { StreamApiRecord } from '../../../infra/local/stream/stream-record';
import type { StreamsApi } from '../../../infra/local/stream/streams-api';

interface FakeShard {
  parent?: string;
  records: StreamApiRecord[];
  closed: boolean;
}

/**
 * A stream in memory behind the runner's StreamsApi: shards that close and split on demand (which
 * DynamoDB Local cannot be made to do), records numbered in one sequence across shards. Iterators
 * are `shard|position`; a closed shard read to its end answers without a next iterator.
 */
export class FakeStream implements StreamsApi {
  readonly shards = new Map<string, FakeShard>();
  /** Calls of GetRecords so far (a stopped runner makes no more). */
  polls = 0;
  private sequence = 0;

  constructor(readonly arn = 'arn:fake:stream') {}

  /** Opens a shard (a child of `parent` when given). */
  open(id: string, parent?: string): void {
    this.shards.set(id, { records: [], closed: false, ...(parent ? { parent } : {}) });
  }

  /** Appends INSERTs of carts to a shard; returns their sequence numbers. */
  write(shardId: string, count = 1): string[] {
    const shard = this.shard(shardId);
    return Array.from({ length: count }, () => {
      this.sequence += 1;
      const seq = String(this.sequence).padStart(21, '0');
      shard.records.push({
        eventID: `e${seq}`,
        eventName: 'INSERT',
        dynamodb: {
          Keys: { pk: { S: `SHOP#t#CART#${seq}` } },
          NewImage: { kind: { S: 'cart' } },
          SequenceNumber: seq,
        },
      });
      return seq;
    });
  }

  close(shardId: string): void {
    this.shard(shardId).closed = true;
  }

  async describeStream(): Promise<{ StreamDescription: { Shards: Shard[] } }> {
    const shards = [...this.shards].map(([id, s]) => ({
      ShardId: id,
      ...(s.parent ? { ParentShardId: s.parent } : {}),
      SequenceNumberRange: {
        StartingSequenceNumber: s.records[0]?.dynamodb?.SequenceNumber ?? '0',
        ...(s.closed ? { EndingSequenceNumber: s.records.at(-1)?.dynamodb?.SequenceNumber ?? '0' } : {}),
      },
    }));
    return { StreamDescription: { Shards: shards } };
  }

  async getShardIterator(input: {
    ShardId: string | undefined;
    ShardIteratorType: string | undefined;
    SequenceNumber?: string | undefined;
  }) {
    const shard = this.shard(input.ShardId ?? '');
    const position =
      input.ShardIteratorType === 'LATEST'
        ? shard.records.length
        : input.ShardIteratorType === 'AFTER_SEQUENCE_NUMBER'
          ? shard.records.findIndex((r) => r.dynamodb?.SequenceNumber === input.SequenceNumber) + 1
          : 0;
    return { ShardIterator: `${input.ShardId}|${position}` };
  }

  async getRecords(input: { ShardIterator: string | undefined; Limit?: number | undefined }) {
    this.polls += 1;
    const [id, at] = (input.ShardIterator ?? '').split('|') as [string, string];
    const shard = this.shard(id);
    const from = Number(at);
    const records = shard.records.slice(from, from + (input.Limit ?? 1000));
    const next = from + records.length;
    const ended = shard.closed && next >= shard.records.length;
    return { Records: records, ...(ended ? {} : { NextShardIterator: `${id}|${next}` }) };
  }

  private shard(id: string): FakeShard {
    const shard = this.shards.get(id);
    if (!shard) throw new Error(`no shard ${id}`);
    return shard;
  }
}
