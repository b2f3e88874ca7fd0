import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import type { LiveStock } from '../../domain/inventory/live-stock';
import { stockUnits } from '../../domain/inventory/stock';
import { splitStock } from '../../domain/inventory/stock-shards';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { stockChangedSince } from './stock-feed';

/**
 * Live stock for product reads (docs/inventory.md "Product reads"), kept per shop in this instance:
 * the catalog's levels (as the import set them) overlaid with every shard the change feed has shown
 * since. A read that shows stock refreshes it by difference when it is older than REFRESH_AFTER_MS,
 * so what it shows is at most that plus one refresh old (the spec's bound: 10 s). A refresh costs
 * one keys-only Query per shard number and a read of the shards that changed: never the whole stock.
 */
const REFRESH_AFTER_MS = 5_000;
/** The feed is an index: it follows the table within about a second. Each read looks this far back. */
const INDEX_LAG_MS = 5_000;

/** A shard's level as last seen, with its write sequence (`seq`, raised by every write that moves it). */
interface SeenShard {
  available: number;
  seq: number;
}

class ShopStock implements LiveStock {
  private readonly seen = new Map<string, Map<number, SeenShard>>();
  /** The latest change the feed has shown (writers' clock); undefined before the first refresh. */
  private readTo: string | undefined;
  private refreshedAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<void> | undefined;

  constructor(private readonly shopId: string) {}

  units(product: ShopProduct): number | null {
    return this.shardUnits(product)?.reduce((a, b) => a + b, 0) ?? null;
  }

  shardUnits(product: ShopProduct): number[] | null {
    if (product.stockShards === null) return null;
    return this.shardUnitsFrom(product.productId, stockUnits(product.stocklevel ?? 0), product.stockShards);
  }

  unitsFrom(productId: string, catalogUnits: number, shards: number): number {
    return this.shardUnitsFrom(productId, catalogUnits, shards).reduce((a, b) => a + b, 0);
  }

  private shardUnitsFrom(productId: string, catalogUnits: number, shards: number): number[] {
    const seen = this.seen.get(productId);
    return splitStock(catalogUnits, shards).map((units, shard) => seen?.get(shard)?.available ?? units);
  }

  movedProducts(): Iterable<string> {
    return this.seen.keys();
  }

  /**
   * A shard's level as a write returned it or a refresh read it, unless a later one is held: the
   * answers of concurrent writes arrive in any order, and a refresh may have read before a write.
   * A refresh takes an equal sequence (a transaction may move the level without raising it).
   */
  note(productId: string, shard: number, level: SeenShard, from: 'write' | 'read'): void {
    const shards = this.seen.get(productId) ?? new Map<number, SeenShard>();
    const held = shards.get(shard);
    if (held && (from === 'write' ? level.seq <= held.seq : level.seq < held.seq)) return;
    shards.set(shard, level);
    this.seen.set(productId, shards);
  }

  /** Whether what it shows is within the freshness bound now. */
  isCurrent(): boolean {
    return Date.now() - this.refreshedAt < REFRESH_AFTER_MS;
  }

  /** Refreshes by difference when due; concurrent requests share one refresh. */
  async fresh(): Promise<void> {
    if (this.isCurrent()) return;
    this.pending ??= this.refresh().finally(() => {
      this.pending = undefined;
    });
    await this.pending;
  }

  private async refresh(): Promise<void> {
    const started = Date.now();
    const since = this.readTo === undefined ? await stockEpoch(this.shopId) : this.readTo;
    // No import on record (a shop imported before stock was counted): the whole feed ('0' < any time).
    const from = since ? new Date(Date.parse(since) - INDEX_LAG_MS).toISOString() : '0';
    for (const change of await stockChangedSince(this.shopId, from)) {
      this.note(change.productId, change.shard, change, 'read');
      if (!this.readTo || change.changedAt > this.readTo) this.readTo = change.changedAt;
    }
    this.readTo ??= since ?? new Date(started).toISOString();
    this.refreshedAt = started;
  }
}

const shops = new Map<string, ShopStock>();

/** The live stock of a shop in this instance (created empty: it shows the catalog's levels until refreshed). */
export function shopStock(shopId: string): ShopStock {
  let stock = shops.get(shopId);
  if (!stock) {
    stock = new ShopStock(shopId);
    shops.set(shopId, stock);
  }
  return stock;
}

/**
 * Notes a shard's level that a write of this instance has just returned (its new `available` and
 * `seq`), so this instance's next reads show it (other instances follow within the freshness bound);
 * `read` for the item as it stands (a refused take's answer).
 */
export function noteShardLevel(
  shopId: string,
  productId: string,
  shard: number,
  written: Record<string, unknown> | undefined,
  from: 'write' | 'read' = 'write',
): void {
  const { available, seq } = written ?? {};
  if (typeof available === 'number' && typeof seq === 'number')
    shopStock(shopId).note(productId, shard, { available, seq }, from);
}

/** Brings the shop's live stock within its freshness bound (a no-op while it is). */
export function freshStock(shopId: string): Promise<void> {
  return shopStock(shopId).fresh();
}

/** Forgets every shop's live stock (tests: another DynamoDB behind the same process). */
export function forgetStock(): void {
  shops.clear();
}

/** When the shop's stock was last set by an import: the feed before it holds nothing newer than the catalog. */
async function stockEpoch(shopId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.shopMeta(shopId),
      ProjectionExpression: 'stockEpoch',
      ConsistentRead: true,
    }),
  );
  return Item?.stockEpoch as string | undefined;
}
