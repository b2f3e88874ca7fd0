import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/data/client';
import { keys } from '../../lib/data/keys';
import { consumedUnits, isWriteCommand } from '../../lib/telemetry/dynamo-meter';
import { currentRequest } from '../../lib/telemetry/request-telemetry';
import { applyLocalEnv } from '../local/local-env';

/** DynamoDB calls and consumed read/write units since the last reset. */
export interface DynamoUsage {
  calls: number;
  /** Calls that read (GetItem, Query, BatchGetItem, ...). */
  reads: number;
  /** Writes that lease a block of a token's rate-limit allowance (amortized: one per block). */
  leaseWrites: number;
  readUnits: number;
  writeUnits: number;
  /** Command names, in call order (GetCommand, QueryCommand, ...). */
  commands: string[];
}

/** The sort key of the rate limit's counter items (from keys.ts, the only place keys are made). */
const RATE_LIMIT_SK = keys.rateLimit('shop', 'token', 0).sk;

/** Whether a key (plain, or marshalled as `{S: ...}`) is a rate-limit counter's. */
function isRateLimitKey(key: unknown): boolean {
  const sk = (key as { sk?: unknown } | undefined)?.sk;
  return sk === RATE_LIMIT_SK || (sk as { S?: unknown } | undefined)?.S === RATE_LIMIT_SK;
}

/**
 * What AWS bills a Query or Scan at least, even one that finds nothing: the minimum read (0.5 unit,
 * 1 strongly consistent). DynamoDB Local reports 0 for those, which made a request that queries
 * mostly empty partitions (a feed's write buckets in a small shop, lib/data/feeds) look cheaper
 * than the same request on a full shop, where AWS bills both alike.
 */
function leastBilled(command: string, input: Record<string, unknown>): number {
  if (command !== 'QueryCommand' && command !== 'ScanCommand') return 0;
  return input.ConsistentRead === true ? 1 : 0.5;
}

const emptyUsage = (): DynamoUsage => ({
  calls: 0,
  reads: 0,
  leaseWrites: 0,
  readUnits: 0,
  writeUnits: 0,
  commands: [],
});

/**
 * Counts every call the document client makes, with an SDK middleware on its stack, and adds up
 * the units DynamoDB reports (the client asks every call for them: lib/telemetry/dynamo-meter.ts).
 * Per process, where the request meter is per request. With `requestsOnly` (the bench's API
 * server), only calls made while serving a request count: the twin's every-minute tasks run on a
 * timer in the same process (infra/local/minute-tasks.ts), and their calls are not a request's cost
 * (a request's retry after racing them still counts).
 */
export function meterDynamo(
  client: DynamoDBDocumentClient,
  options: { requestsOnly?: boolean } = {},
): { take(): DynamoUsage; remove(): void } {
  let usage = emptyUsage();
  const name = 'benchDynamoMeter';
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (options.requestsOnly && !currentRequest()) return next(args);
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const command = context.commandName ?? 'unknown';
      const isWrite = isWriteCommand(command);
      usage.calls++;
      if (!isWrite) usage.reads++;
      if (isWrite && isRateLimitKey(input.Key)) usage.leaseWrites++;
      usage.commands.push(command);
      const result = await next(args);
      const units = consumedUnits(result.output, isWrite);
      usage.readUnits += Math.max(units.read, leastBilled(command, input));
      usage.writeUnits += units.write;
      return result;
    },
    { step: 'initialize', priority: 'high', name },
  );
  return {
    take: () => {
      const taken = usage;
      usage = emptyUsage();
      return taken;
    },
    remove: () => {
      client.middlewareStack.remove(name);
    },
  };
}

/**
 * For a bench server process: points the data layer at the DynamoDB Local the bench names
 * (BENCH_DYNAMODB_ENDPOINT) and meters every call of its client.
 */
export function meterBenchDynamo(): ReturnType<typeof meterDynamo> {
  const endpoint = process.env.BENCH_DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('BENCH_DYNAMODB_ENDPOINT is not set');
  applyLocalEnv({ endpoint });
  return meterDynamo(dynamo());
}
