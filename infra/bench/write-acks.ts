import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * When DynamoDB answered each write of this process, by item key (the bench's stream lag,
 * infra/bench/stream-lag.ts): an SDK middleware on the API's document client notes the time a
 * PutItem, UpdateItem, DeleteItem, TransactWriteItems or BatchWriteItem came back, for every item it
 * named. The answer comes once the change is stored, so it is when the change was written, to the
 * millisecond, seen from the API.
 */
export interface WriteAcks {
  /** The first answer of a write of the item at or after `from` (ms), or undefined. */
  ackedAfter(pk: string, sk: string, from: number): number | undefined;
  remove(): void;
}

type Keyed = Record<string, unknown> | undefined;

/** A key attribute as plain text, whether the input is marshalled (`{S: ...}`) or not. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const s = (value as { S?: unknown } | undefined)?.S;
  return typeof s === 'string' ? s : undefined;
}

/** The items a write command's input names, as `pk\nsk`. */
export function writtenKeys(input: Record<string, unknown>): string[] {
  const of = (item: Keyed) => {
    const pk = text(item?.pk);
    const sk = text(item?.sk);
    return pk !== undefined && sk !== undefined ? [`${pk}\n${sk}`] : [];
  };
  const transact = (input.TransactItems ?? []) as {
    Put?: { Item?: Keyed };
    Update?: { Key?: Keyed };
    Delete?: { Key?: Keyed };
  }[];
  const batches = Object.values((input.RequestItems ?? {}) as Record<string, unknown[]>).flat() as {
    PutRequest?: { Item?: Keyed };
    DeleteRequest?: { Key?: Keyed };
  }[];
  return [
    ...of(input.Item as Keyed),
    ...of(input.Key as Keyed),
    ...transact.flatMap((t) => of(t.Put?.Item ?? t.Update?.Key ?? t.Delete?.Key)),
    ...batches.flatMap((b) => of(b.PutRequest?.Item ?? b.DeleteRequest?.Key)),
  ];
}

const WRITES = new Set([
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'TransactWriteCommand',
  'BatchWriteCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
]);

/** Notes the answer time of every write `client` makes from now on. */
export function recordWriteAcks(client: DynamoDBDocumentClient): WriteAcks {
  const acks = new Map<string, number[]>();
  const name = 'benchWriteAcks';
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!WRITES.has(context.commandName ?? '')) return next(args);
      const result = await next(args);
      const at = Date.now();
      for (const key of writtenKeys(args.input as Record<string, unknown>)) {
        const times = acks.get(key);
        if (times) times.push(at);
        else acks.set(key, [at]);
      }
      return result;
    },
    { step: 'initialize', priority: 'high', name },
  );
  return {
    ackedAfter: (pk, sk, from) => acks.get(`${pk}\n${sk}`)?.find((at) => at >= from),
    remove: () => {
      client.middlewareStack.remove(name);
    },
  };
}
