import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConcurrentChange } from '../../domain/errors';
import type { WatchedProduct, Watcher } from '../../domain/inventory/watchers';
import { dynamo, tableName } from '../client';
import { countedPage } from '../counted-page';
import { keys } from '../keys';

/**
 * Watchers of sold-out products (docs/inventory.md "Watchers"), under the product's own partition:
 * one item per address (its key is the lower-cased address, so a second sign-up of the same address
 * meets the first: `attribute_not_exists`), and a summary with the count and the time of the first
 * watcher, listed on gsi1 by that time. A shop counter of watched products gives the list's total,
 * so neither the list nor its total reads more than a page.
 */

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The shop counter of products with a summary (the `results` of GET /watched-products). */
const WATCHED_COUNTER = 'watchedProducts';

/** Rounds lost to a racing first watcher or a clearing before the client is asked to try again. */
const MAX_ROUNDS = 5;

/**
 * Adds a watcher unless the address (any case) already watches the product. Returns the watcher as
 * stored (the first sign-up's, for a repeat) and whether this call created it. The summary's count
 * rises in the same transaction as the watcher item, so an address is counted exactly once.
 */
export async function addWatcher(
  shopId: string,
  watcher: Watcher,
): Promise<{ watcher: Watcher; created: boolean }> {
  const item = {
    ...keys.watcher(shopId, watcher.productId, watcher.emailAddress),
    kind: 'watcher',
    ...watcher,
  };
  const putWatcher: TransactItem = {
    Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
  };
  // The same watcher by sign-up time: what a clearing walks, oldest first, a page at a time.
  const putByTime: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.watcherByTime(shopId, watcher.productId, watcher.createdOn, watcher.emailAddress),
        kind: 'watcherByTime',
        ...watcher,
      },
    },
  };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // The first watcher writes the summary (and counts the product); later ones raise its count.
    const first = round % 2 === 0;
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: first
            ? [putWatcher, putByTime, ...newSummaryItems(shopId, watcher)]
            : [putWatcher, putByTime, countWatcherItem(shopId, watcher.productId)],
        }),
      );
      return { watcher, created: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
      if (codes[0] === 'ConditionalCheckFailed') {
        const existing = await readWatcher(shopId, watcher.productId, watcher.emailAddress);
        if (existing) return { watcher: existing, created: false };
      }
      // Otherwise the summary was (not) there after all: the other kind of round settles it.
    }
  }
  throw new ConcurrentChange('The product’s watchers changed meanwhile: try again');
}

function newSummaryItems(shopId: string, watcher: Watcher): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.watchSummary(shopId, watcher.productId),
          kind: 'watchSummary',
          productId: watcher.productId,
          watchers: 1,
          firstWatchedOn: watcher.createdOn,
          gsi1pk: keys.watchedProducts(shopId),
          gsi1sk: `${watcher.createdOn}#${watcher.productId}`,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    counterItem(shopId, 1),
  ];
}

function countWatcherItem(shopId: string, productId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.watchSummary(shopId, productId),
      UpdateExpression: 'ADD watchers :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

/** Raises or lowers the shop's count of watched products (the clearing lowers it). */
export function counterItem(shopId: string, by: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.counter(shopId, WATCHED_COUNTER),
      UpdateExpression: 'ADD #value :by',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':by': by },
    },
  };
}

async function readWatcher(
  shopId: string,
  productId: string,
  emailAddress: string,
): Promise<Watcher | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.watcher(shopId, productId, emailAddress),
      ConsistentRead: true,
    }),
  );
  return Item
    ? {
        productId: Item.productId as string,
        emailAddress: Item.emailAddress as string,
        createdOn: Item.createdOn as string,
      }
    : undefined;
}

/**
 * A page of watched products, longest-watched first, and how many there are: the shop counter,
 * the page's keys from gsi1 (the pages before it are skipped in the same Query: page numbers, as
 * every list pages), and the page's summaries, strongly consistent.
 */
export async function watchedProducts(
  shopId: string,
  page: number,
  perPage: number,
): Promise<{ results: number; items: WatchedProduct[] }> {
  const found = await countedPage(
    shopId,
    { gsi1pk: keys.watchedProducts(shopId), counter: WATCHED_COUNTER },
    page,
    perPage,
  );
  return {
    results: found.results,
    items: found.items.map((s) => ({
      productId: s.productId as string,
      watchers: s.watchers as number,
      firstWatchedOn: s.firstWatchedOn as string,
    })),
  };
}

/** A product's watch summary (its count and first sign-up), strongly consistent; undefined: none. */
export async function watchSummary(
  shopId: string,
  productId: string,
): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.watchSummary(shopId, productId),
      ConsistentRead: true,
    }),
  );
  return Item;
}

/** How many watch a product now (strongly consistent): 0 when nobody does. */
export async function countWatchers(shopId: string, productId: string): Promise<number> {
  return ((await watchSummary(shopId, productId))?.watchers as number | undefined) ?? 0;
}
