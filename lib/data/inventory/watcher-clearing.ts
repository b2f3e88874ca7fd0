import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Watcher } from '../../domain/inventory/watchers';
import { type BatchWrite, batchWrite } from '../batch-write';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import { counterItem, type TransactItem, watchSummary } from './watchers';

/**
 * The end of a product's watch when it is back in stock (docs/inventory.md "Watchers"): the summary
 * goes (the product leaves GET /watched-products), and the watchers move, oldest first and a page at
 * a time, to the product's last clearing, numbered, where GET /products/{p}/watchers and the
 * STOCK_BACK webhook read them by key range; kept 7 days by TTL. A page is at most 100 watchers, so
 * 10,000 of them cost 100 small rounds and never sit in memory at once.
 */

/** How long a clearing's watchers are kept after it (seconds, DynamoDB TTL `expiresAt`). */
export const CLEARING_KEPT_SECONDS = 7 * 24 * 3600;

/** Watchers moved per round: one Query and its puts and deletes in batches of 25. */
const PAGE = 100;

/** Rounds lost to a watcher joining while the summary is taken. */
const MAX_ROUNDS = 5;

/** The last clearing of a product's watchers. */
export interface WatcherClearing {
  /** The ProductBackInStock event's time: the clearing's id. */
  clearedOn: string;
  /** Watchers moved so far (all of them once `done`). */
  moved: number;
  done: boolean;
  /** Epoch seconds after which the clearing is no longer served (TTL removes it later). */
  expiresAt: number;
}

/**
 * Clears the watchers of a product that came back at `clearedOn` (the event's time). Safe to
 * repeat and to resume after a crash: a clearing already begun goes on from what it moved; a watch
 * that began after `clearedOn` (the product sold out and came back again) is left alone. A crash
 * leaves at most one page in flight, which a resume repairs (`repaired`). `pageSize`: for tests.
 */
export async function clearWatchers(
  shopId: string,
  productId: string,
  clearedOn: string,
  pageSize = PAGE,
): Promise<void> {
  const last = await lastClearing(shopId, productId);
  let clearing: WatcherClearing;
  if (last?.clearedOn === clearedOn) {
    if (last.done) return;
    clearing = await repaired(shopId, productId, last);
  } else {
    const begun = await beginClearing(shopId, productId, clearedOn);
    if (!begun) return;
    clearing = begun;
  }
  for (;;) {
    const { Items = [] } = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.watchers(shopId, productId),
          ':from': 'AT#',
          // Sign-ups up to the comeback; a later one belongs to the next watch.
          ':to': `AT#${clearedOn}#\uffff`,
        },
        ConsistentRead: true,
        Limit: pageSize,
      }),
    );
    const watchers = Items.map(asWatcher);
    if (watchers.length === 0) break;
    // Copies first, then the originals go, then the count: a crash in between is repaired on resume.
    await inParallel(watchers.map((w, i) => copyOf(shopId, clearing, w, clearing.moved + i)));
    await inParallel(watchers.flatMap((w) => originalsOf(shopId, w)));
    clearing = await advance(shopId, productId, clearing, watchers.length, false);
  }
  await advance(shopId, productId, clearing, 0, true);
}

/**
 * Takes the summary (conditional on the count read, so a watcher who joins meanwhile is counted in
 * the next round) and writes the clearing record in the same transaction. undefined when nobody
 * watches, or the watch began after `clearedOn`.
 */
async function beginClearing(
  shopId: string,
  productId: string,
  clearedOn: string,
): Promise<WatcherClearing | undefined> {
  const clearing: WatcherClearing = {
    clearedOn,
    moved: 0,
    done: false,
    expiresAt: Math.floor(Date.parse(clearedOn) / 1000) + CLEARING_KEPT_SECONDS,
  };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const Item = await watchSummary(shopId, productId);
    if (!Item || (Item.firstWatchedOn as string) > clearedOn) return undefined;
    const items: TransactItem[] = [
      ...summaryGone(shopId, productId, Item.watchers),
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.watcherClearing(shopId, productId), kind: 'watcherClearing', ...clearing },
        },
      },
    ];
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return clearing;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
    }
  }
  return undefined;
}

/**
 * A clearing as a crash left it: copies past `moved` (one page at most) whose originals may still be
 * there. The batches of a page run at once, so a crash can leave gaps among them: the copies found
 * are numbered again without gaps (each address once, in their order), the numbers past them
 * deleted, their originals deleted, and they are counted; the walk then goes on after them. Each
 * step can be repeated, so a crash during the repair is repaired the same way. Watchers whose copy
 * was lost follow in the next round, a little out of sign-up order.
 */
async function repaired(
  shopId: string,
  productId: string,
  clearing: WatcherClearing,
): Promise<WatcherClearing> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.clearedWatchers(shopId, productId),
        ':from': keys.clearedWatcher(shopId, productId, clearing.clearedOn, clearing.moved).sk,
        ':to': `C#${clearing.clearedOn}#\uffff`,
      },
      ConsistentRead: true,
    }),
  );
  if (Items.length === 0) return clearing;
  const seen = new Set<string>();
  const found = Items.map(asWatcher).filter((w) => {
    const address = w.emailAddress.trim().toLowerCase();
    if (seen.has(address)) return false;
    seen.add(address);
    return true;
  });
  await inParallel(found.map((w, i) => copyOf(shopId, clearing, w, clearing.moved + i)));
  // Numbers past the renumbered ones held copies that moved down (or repeats): they go.
  const last = keys.clearedWatcher(
    shopId,
    productId,
    clearing.clearedOn,
    clearing.moved + found.length - 1,
  ).sk;
  await inParallel(
    Items.filter((item) => (item.sk as string) > last).map((item) => ({
      delete: { pk: item.pk as string, sk: item.sk as string },
    })),
  );
  await inParallel(found.flatMap((w) => originalsOf(shopId, w)));
  return advance(shopId, productId, clearing, found.length, false);
}

async function advance(
  shopId: string,
  productId: string,
  clearing: WatcherClearing,
  by: number,
  done: boolean,
): Promise<WatcherClearing> {
  const next = { ...clearing, moved: clearing.moved + by, done };
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.watcherClearing(shopId, productId),
      UpdateExpression: 'SET #moved = :moved, #done = :done',
      ExpressionAttributeNames: { '#moved': 'moved', '#done': 'done' },
      ExpressionAttributeValues: { ':moved': next.moved, ':done': done },
    }),
  );
  return next;
}

/** A page's writes as concurrent BatchWriteItem calls of 25: a round costs about one call's time. */
async function inParallel(writes: readonly BatchWrite[]): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(writes.length / 25) }, (_, i) =>
    writes.slice(i * 25, i * 25 + 25),
  );
  await Promise.all(chunks.map((chunk) => batchWrite(chunk)));
}

/**
 * The product leaves the watched products: its summary deleted if its count is still the one read
 * (a sign-up meanwhile makes the transaction fail), and the shop's watched-products counter down.
 */
function summaryGone(shopId: string, productId: string, watchers: unknown): TransactItem[] {
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.watchSummary(shopId, productId),
        ConditionExpression: 'watchers = :n',
        ExpressionAttributeValues: { ':n': watchers },
      },
    },
    counterItem(shopId, -1),
  ];
}

function copyOf(shopId: string, clearing: WatcherClearing, watcher: Watcher, ordinal: number): BatchWrite {
  return {
    put: {
      ...keys.clearedWatcher(shopId, watcher.productId, clearing.clearedOn, ordinal),
      kind: 'clearedWatcher',
      ...watcher,
      expiresAt: clearing.expiresAt,
    },
  };
}

function originalsOf(shopId: string, watcher: Watcher): BatchWrite[] {
  return [
    { delete: keys.watcher(shopId, watcher.productId, watcher.emailAddress) },
    { delete: keys.watcherByTime(shopId, watcher.productId, watcher.createdOn, watcher.emailAddress) },
  ];
}

function asWatcher(item: Record<string, unknown>): Watcher {
  return {
    productId: item.productId as string,
    emailAddress: item.emailAddress as string,
    createdOn: item.createdOn as string,
  };
}

/** The product's last clearing (strongly consistent), or undefined when it never had one kept. */
export async function lastClearing(shopId: string, productId: string): Promise<WatcherClearing | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.watcherClearing(shopId, productId),
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  return {
    clearedOn: Item.clearedOn as string,
    moved: Item.moved as number,
    done: Item.done as boolean,
    expiresAt: Item.expiresAt as number,
  };
}

/** Watchers `from` (0-based) to `from + count - 1` of a clearing, oldest first: one key range. */
export async function clearedWatchers(
  shopId: string,
  productId: string,
  clearedOn: string,
  from: number,
  count: number,
): Promise<Watcher[]> {
  if (count <= 0) return [];
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.clearedWatchers(shopId, productId),
      ':from': keys.clearedWatcher(shopId, productId, clearedOn, from).sk,
      ':to': keys.clearedWatcher(shopId, productId, clearedOn, from + count - 1).sk,
    },
    ConsistentRead: true,
  });
  return items.map(asWatcher);
}

/**
 * The watchers waiting now, oldest first: the first `page × perPage` by sign-up time, of which
 * the caller keeps the last page (a waiting watch has no numbers until it is cleared).
 */
export async function waitingWatchers(shopId: string, productId: string, upTo: number): Promise<Watcher[]> {
  const found: Watcher[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :at)',
        ExpressionAttributeValues: { ':pk': keys.watchers(shopId, productId), ':at': 'AT#' },
        ConsistentRead: true,
        Limit: upTo - found.length,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(page.Items ?? []).map(asWatcher));
    start = page.LastEvaluatedKey;
  } while (start && found.length < upTo);
  return found;
}

/**
 * Drops every watcher of a deleted product, a page at a time (nothing is kept: the product is
 * gone). The summary goes first, with the shop's count.
 */
export async function dropWatchers(shopId: string, productId: string): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const Item = await watchSummary(shopId, productId);
    if (!Item) break;
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [...summaryGone(shopId, productId, Item.watchers)],
        }),
      );
      break;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
    }
  }
  for (;;) {
    const { Items = [] } = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.watchers(shopId, productId) },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
        Limit: PAGE,
      }),
    );
    if (Items.length === 0) return;
    await inParallel(Items.map((i) => ({ delete: { pk: i.pk as string, sk: i.sk as string } })));
  }
}
