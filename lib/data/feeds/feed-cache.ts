import { config } from '../../config';
import { log } from '../../log';
import { type FeedItem, type FeedKind, idOfSort, readFeedBucket, spreadOfFeedItem } from './feed';
import { readFeedHead, readFeedSnapshot, writeFeedSnapshot } from './feed-snapshot';
import { KeptItems } from './kept-items';

/**
 * How far back a warm instance reads a feed again, behind the moment its last read of the bucket
 * began: writers' clocks differ a little, and an index shows a write a moment after the table does,
 * so an entry may arrive with a time just before that moment. An entry slower than this is missed
 * until its item changes again (docs/data-model.md "Feeds").
 */
export const FEED_MARGIN_MS = 5000;

/** What an in-memory index behind a list takes from its feed. */
export interface FedIndex {
  /** Takes a feed entry unless the index holds the same or a newer version. */
  take(item: FeedItem): void;
  /** The version the index holds for an item, or -1 when it has none. */
  versionOf(id: string): number;
}

/**
 * Where each bucket's next read starts: after its last complete read began (ms), or after the last
 * entry a read that failed half way took (absent both: read it in full).
 */
interface BucketState {
  readAt?: number;
  partial?: string;
}

/** One shop's index, its buckets' states and the most buckets the feed announced. */
interface Held<I> {
  index: I;
  buckets: Map<number, BucketState>;
  spread: number;
  running?: Promise<void>;
  next?: Promise<void>;
  /**
   * While a cold load is not complete (it may take several requests): every entry it took, latest
   * version by id, and how many it read from the feed, for the snapshot it may leave.
   */
  gathering?: { entries: Map<string, FeedItem>; fromFeed: number };
}

/**
 * Per instance, like the catalog: each shop's index of one kind stays in memory between requests,
 * brought up to date from the feed by each request that reads it. A cold instance reads every
 * bucket in full, side by side; a warm one reads each from its last read less the margin, so a
 * request pays for what changed since the last one, never for the shop. A cold load that runs out
 * of the request's time keeps the pages it read: the client's retry goes on from there.
 * Requests that arrive while a refresh runs share the next one: the running one may have read
 * before their writes.
 */
export class FeedCache<I extends FedIndex> {
  private readonly shops = new Map<string, Held<I>>();
  /** The items recent pages showed, at their versions (kept-items.ts). */
  readonly kept = new KeptItems();

  /**
   * `snapshots`: whether cold loads leave feed snapshots. Not for carts: a cart leaves its feed only
   * when DynamoDB's TTL deletes it, which a snapshot cannot see, so a cart snapshot would keep every
   * cart the shop ever had. Orders and customers are never deleted.
   */
  constructor(
    private readonly kind: FeedKind,
    private readonly make: () => I,
    private readonly snapshots: 'snapshots' | 'no snapshots',
  ) {}

  /** The shop's index, up to date with every change the feed showed when this call began. */
  async fresh(shopId: string): Promise<I> {
    let held = this.shops.get(shopId);
    if (!held) {
      held = { index: this.make(), buckets: new Map(), spread: 1 };
      this.shops.set(shopId, held);
    }
    await this.refreshed(shopId, held);
    return held.index;
  }

  /** Forgets every shop's index (tests: a cold instance). */
  forget(): void {
    this.shops.clear();
    this.kept.forget();
  }

  private refreshed(shopId: string, held: Held<I>): Promise<void> {
    if (!held.running) {
      held.running = this.refresh(shopId, held).finally(() => {
        held.running = undefined;
      });
      return held.running;
    }
    held.next ??= held.running
      .catch(() => undefined)
      .then(() => {
        held.next = undefined;
        return this.refreshed(shopId, held);
      });
    return held.next;
  }

  /**
   * A warm index reads the buckets it knows and no more: a widening shows in bucket 0 as the
   * spread's own entry, and the buckets it adds are then read in full (feed-spread.ts). A cold one
   * reads the spread item first: with a snapshot there (feed-snapshot.ts) it takes the snapshot's
   * entries and reads each bucket only from the snapshot's time; without one, every bucket in full.
   * A cold load that read many entries from the feed leaves a snapshot for the next cold instance.
   */
  private async refresh(shopId: string, held: Held<I>): Promise<void> {
    const started = Date.now();
    // Only a cold load gathers the entries (for a snapshot); a warm refresh keeps nothing beside the index.
    const cold = held.buckets.size === 0;
    if (cold && this.snapshots === 'snapshots') held.gathering = { entries: new Map(), fromFeed: 0 };
    const gathering = held.gathering;
    const take = (item: FeedItem) => {
      const spread = spreadOfFeedItem(item);
      if (spread !== undefined) {
        held.spread = Math.max(held.spread, spread);
        return;
      }
      held.index.take(item);
      if (!gathering) return;
      const id = idOfSort(item.sort);
      if ((gathering.entries.get(id)?.version ?? -1) <= item.version) gathering.entries.set(id, item);
    };
    if (cold) await this.startCold(shopId, held, take);
    const readBucket = async (bucket: number) => {
      const state = held.buckets.get(bucket) ?? {};
      held.buckets.set(bucket, state);
      await readFeedBucket(shopId, this.kind, bucket, readFrom(state), (page) => {
        for (const item of page) take(item);
        if (gathering) gathering.fromFeed += page.length;
        const last = page.at(-1)?.sort;
        if (last !== undefined && state.readAt === undefined) state.partial = last;
      });
      state.readAt = started;
      state.partial = undefined;
    };
    // Every read settles before a failure is thrown: none runs on behind the request's answer.
    const readAll = async (buckets: number[]) => {
      const failed = (await Promise.allSettled(buckets.map(readBucket))).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    };
    const known = held.buckets.size === 0 ? [0] : [...held.buckets.keys()];
    await readAll(known);
    await readAll(
      Array.from({ length: held.spread }, (_, bucket) => bucket).filter((b) => !known.includes(b)),
    );
    if (!gathering) return;
    held.gathering = undefined;
    // Taken when the earliest bucket's complete read began: the next cold load reads each from there.
    const takenAt = Math.min(...[...held.buckets.values()].map((state) => state.readAt ?? started));
    // Below the threshold (2,000 by default), reading the feed costs a cold instance two pages.
    if (gathering.fromFeed >= config().FEED_SNAPSHOT_AFTER_ENTRIES)
      await writeFeedSnapshot(shopId, this.kind, gathering.entries.values(), takenAt, held.spread).catch(
        (error) =>
          log.warn('a feed snapshot was not written; a later cold load tries again', {
            shopId,
            kind: this.kind,
            error: (error as Error).message,
          }),
      );
  }

  /** A cold load's start: the spread item, and the snapshot it points at if it can still be read. */
  private async startCold(shopId: string, held: Held<I>, take: (item: FeedItem) => void): Promise<void> {
    const head = await readFeedHead(shopId, this.kind);
    held.spread = Math.max(held.spread, head.spread);
    const entries = head.snapshot && (await readFeedSnapshot(shopId, this.kind, head.snapshot));
    if (!head.snapshot || !entries) return;
    for (const entry of entries) take(entry);
    for (let bucket = 0; bucket < head.snapshot.spread; bucket++)
      held.buckets.set(bucket, { readAt: head.snapshot.takenAt });
  }
}

/** Where a bucket's read starts: its last read, or its half-done first read, less the margin. */
function readFrom(state: BucketState): string | undefined {
  if (state.readAt !== undefined) return new Date(state.readAt - FEED_MARGIN_MS).toISOString();
  if (state.partial === undefined) return undefined;
  const at = Date.parse(state.partial.slice(0, state.partial.indexOf('#')));
  return new Date(at - FEED_MARGIN_MS).toISOString();
}
