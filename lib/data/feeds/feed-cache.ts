import { type FeedItem, type FeedKind, readFeedBucket, spreadOfFeedItem } from './feed';
import { readSpread } from './feed-spread';
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

  constructor(
    private readonly kind: FeedKind,
    private readonly make: () => I,
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
   * reads bucket 0 side by side with the spread item, then the other buckets.
   */
  private async refresh(shopId: string, held: Held<I>): Promise<void> {
    const started = Date.now();
    const readBucket = async (bucket: number) => {
      const state = held.buckets.get(bucket) ?? {};
      held.buckets.set(bucket, state);
      await readFeedBucket(shopId, this.kind, bucket, readFrom(state), (page) => {
        for (const item of page) {
          const spread = spreadOfFeedItem(item);
          if (spread === undefined) held.index.take(item);
          else held.spread = Math.max(held.spread, spread);
        }
        const last = page.at(-1)?.sort;
        if (last !== undefined && state.readAt === undefined) state.partial = last;
      });
      state.readAt = started;
      state.partial = undefined;
    };
    const cold = held.buckets.size === 0;
    const known = cold ? [0] : [...held.buckets.keys()];
    const early = known.map(readBucket);
    // Handled now, awaited below: a bucket that fails before the spread answers is no unhandled rejection.
    for (const read of early) read.catch(() => undefined);
    try {
      if (cold) held.spread = Math.max(held.spread, await readSpread(shopId, this.kind));
      else await Promise.all(early);
      const grown = Array.from({ length: held.spread }, (_, bucket) => bucket).filter(
        (b) => !known.includes(b),
      );
      await Promise.all([...early, ...grown.map(readBucket)]);
    } finally {
      // A failed read leaves no bucket read running behind the request's answer.
      await Promise.allSettled(early);
    }
  }
}

/** Where a bucket's read starts: its last read, or its half-done first read, less the margin. */
function readFrom(state: BucketState): string | undefined {
  if (state.readAt !== undefined) return new Date(state.readAt - FEED_MARGIN_MS).toISOString();
  if (state.partial === undefined) return undefined;
  const at = Date.parse(state.partial.slice(0, state.partial.indexOf('#')));
  return new Date(at - FEED_MARGIN_MS).toISOString();
}
