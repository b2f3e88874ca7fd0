import type { CompiledFilter, OrderSort } from '../../domain/orders/order-filter';
import type { FeedItem } from '../feeds/feed';
import type { FedIndex } from '../feeds/feed-cache';
import { grown, parseCursor } from '../feeds/slot-arrays';
import { SortedSlots } from '../feeds/sorted-slots';
import { entryOfFeedItem, type OrderEntry } from './order-feed';

/** Which slice of the found orders: a page by number, or the page after a cursor's sort key. */
export interface IndexSlice {
  offset: number;
  perPage: number;
  /** `{ISO time}#{orderId}` of the last order the client saw, in the same sort. */
  after?: string;
}

/** What a filter found: how many orders match in all, and the slice's order ids. */
export interface IndexFound {
  results: number;
  orderIds: string[];
  /** The sort key (`{ISO time}#{orderId}`) of the slice's last order. */
  last: string | undefined;
}

/**
 * One shop's orders in memory, as compact columns (docs/orders.md "Finding orders"): a slot per
 * order with its times, version and status bits in typed arrays, customer and currency as interned
 * numbers, its products as interned numbers in one shared pool, and inverted lists customer → slots
 * and product → slots, so those filters start from their few candidates. Slots are kept in two
 * orders (by creation and by last change, sorted-slots.ts); entries that came or moved since are
 * put in place on the next find at a cost that follows the change, not the shop.
 * Entries apply by version: an entry never replaces a newer one.
 */
export class OrderIndex implements FedIndex {
  private size = 0;
  private ids: string[] = [];
  private slotOf = new Map<string, number>();
  private created = new Float64Array(1024);
  private updated = new Float64Array(1024);
  private versions = new Int32Array(1024);
  private status = new Uint16Array(1024);
  private customers = new Int32Array(1024);
  private currencies = new Int32Array(1024);
  /** Each slot's products: `productCount[slot]` codes in `productPool` from `productStart[slot]`. */
  private productStart = new Int32Array(1024);
  private productCount = new Uint8Array(1024);
  private productPool = new Int32Array(2048);
  private poolSize = 0;
  private codes = new Map<string, number>();
  private byCustomer = new Map<number, number[]>();
  private byProduct = new Map<number, number[]>();
  private byCreated = new SortedSlots(this.ids);
  private byUpdated = new SortedSlots(this.ids);
  /** Slots from here on are new since the last find: in neither order yet. */
  private settledSize = 0;
  /** Older slots whose last change moved since the last find: out of place in byUpdated. */
  private movedSlots = new Set<number>();

  /** Takes a feed item's entry (FeedCache). */
  take(item: FeedItem): void {
    this.apply(entryOfFeedItem(item));
  }

  /** How many orders the index holds. */
  get count(): number {
    return this.size;
  }

  /** The version held for an order, or -1 when the index has none. */
  versionOf(orderId: string): number {
    const slot = this.slotOf.get(orderId);
    return slot === undefined ? -1 : (this.versions[slot] as number);
  }

  /** Takes an entry unless the index holds the same or a newer version; true when it changed. */
  apply(entry: OrderEntry): boolean {
    const known = this.slotOf.get(entry.orderId);
    if (known !== undefined) {
      if (entry.version <= (this.versions[known] as number)) return false;
      if (known < this.settledSize && this.updated[known] !== entry.updatedMs) this.movedSlots.add(known);
      this.updated[known] = entry.updatedMs;
      this.versions[known] = entry.version;
      this.status[known] = entry.statusBits;
      return true;
    }
    const slot = this.size++;
    if (slot === this.created.length) this.grow();
    this.ids.push(entry.orderId);
    this.slotOf.set(entry.orderId, slot);
    this.created[slot] = entry.createdMs;
    this.updated[slot] = entry.updatedMs;
    this.versions[slot] = entry.version;
    this.status[slot] = entry.statusBits;
    this.customers[slot] = this.code(entry.customerId);
    this.currencies[slot] = this.code(entry.currency);
    listOf(this.byCustomer, this.customers[slot] as number).push(slot);
    this.productStart[slot] = this.poolSize;
    this.productCount[slot] = entry.productIds.length;
    for (const id of entry.productIds) {
      if (this.poolSize === this.productPool.length)
        this.productPool = grown(this.productPool, this.poolSize * 2);
      const product = this.code(id);
      this.productPool[this.poolSize++] = product;
      listOf(this.byProduct, product).push(slot);
    }
    return true;
  }

  /**
   * Every order the filter matches, counted, and the slice's ids in the sort's order: one pass
   * over the sorted slots, or over the candidates of the customer or product named when they are
   * few (sorted then).
   */
  find(compiled: CompiledFilter, sort: OrderSort, slice: IndexSlice): IndexFound {
    this.settle();
    const filter = this.resolve(compiled);
    const times = sort === 'created' ? this.created : this.updated;
    const after = slice.after === undefined ? undefined : parseCursor(slice.after);
    const candidates = this.candidates(compiled);
    let results = 0;
    if (candidates === undefined) {
      // One pass in the sort's order: only the slice's slots are kept.
      const ordered = sort === 'created' ? this.byCreated : this.byUpdated;
      let skip = slice.offset;
      const page: number[] = [];
      for (let i = ordered.length - 1; i >= 0; i--) {
        const slot = ordered.at(i);
        if (slot < 0 || !this.matches(filter, slot)) continue;
        results++;
        if (page.length === slice.perPage) continue;
        if (after !== undefined && !this.isAfter(times, slot, after)) continue;
        if (skip > 0) skip--;
        else page.push(slot);
      }
      return this.found(results, page, times);
    }
    const matches: number[] = [];
    for (const slot of candidates) if (this.matches(filter, slot)) matches.push(slot);
    results = matches.length;
    matches.sort((a, b) => this.compare(times, a, b));
    const from = after === undefined ? 0 : matches.findIndex((slot) => this.isAfter(times, slot, after));
    const start = (from < 0 ? matches.length : from) + slice.offset;
    return this.found(results, matches.slice(start, start + slice.perPage), times);
  }

  private found(results: number, page: number[], times: Float64Array): IndexFound {
    const lastSlot = page.at(-1);
    return {
      results,
      orderIds: page.map((slot) => this.ids[slot] as string),
      last:
        lastSlot === undefined
          ? undefined
          : `${new Date(times[lastSlot] as number).toISOString()}#${this.ids[lastSlot]}`,
    };
  }

  /**
   * The slots of the named customer or product (the fewer), or undefined when neither is named or
   * they are so many that sorting them would cost more than a pass over the sorted slots.
   */
  private candidates(filter: CompiledFilter): readonly number[] | undefined {
    const lists: (readonly number[])[] = [];
    if (filter.customerId !== undefined) lists.push(this.listFor(this.byCustomer, filter.customerId));
    if (filter.productId !== undefined) lists.push(this.listFor(this.byProduct, filter.productId));
    if (lists.length === 0) return undefined;
    const fewest = lists.reduce((a, b) => (b.length < a.length ? b : a));
    return fewest.length * CANDIDATE_SHARE <= this.size ? fewest : undefined;
  }

  private listFor(lists: Map<number, number[]>, id: string): readonly number[] {
    const code = this.codes.get(id);
    return code === undefined ? [] : (lists.get(code) ?? []);
  }

  /** The filter with its ids as interned codes, in one fixed shape (the pass reads it per order). */
  private resolve(filter: CompiledFilter): Resolved {
    const of = (id: string | undefined) => (id === undefined ? NONE : (this.codes.get(id) ?? UNKNOWN));
    return {
      mask: filter.mask,
      want: filter.want,
      createdFrom: filter.createdFrom,
      createdTo: filter.createdTo,
      updatedFrom: filter.updatedFrom,
      customer: of(filter.customerId),
      currency: of(filter.currency),
      product: of(filter.productId),
    };
  }

  private matches(filter: Resolved, slot: number): boolean {
    if (((this.status[slot] as number) & filter.mask) !== filter.want) return false;
    const created = this.created[slot] as number;
    if (created < filter.createdFrom || created > filter.createdTo) return false;
    if ((this.updated[slot] as number) < filter.updatedFrom) return false;
    if (filter.currency !== NONE && this.currencies[slot] !== filter.currency) return false;
    if (filter.customer !== NONE && this.customers[slot] !== filter.customer) return false;
    if (filter.product !== NONE && !this.hasProduct(slot, filter.product)) return false;
    return true;
  }

  private hasProduct(slot: number, product: number): boolean {
    const start = this.productStart[slot] as number;
    const end = start + (this.productCount[slot] as number);
    for (let i = start; i < end; i++) if (this.productPool[i] === product) return true;
    return false;
  }

  /** Puts the slots that came or moved since the last find in place in both orders. */
  private settle(): void {
    if (this.settledSize === this.size && this.movedSlots.size === 0) return;
    const added = Array.from({ length: this.size - this.settledSize }, (_, i) => this.settledSize + i);
    this.byCreated.place(added, (slot) => this.created[slot] as number);
    this.byUpdated.place([...added, ...this.movedSlots], (slot) => this.updated[slot] as number);
    this.settledSize = this.size;
    this.movedSlots = new Set();
  }

  /** Newest first, ties by orderId descending (as cursors `{time}#{id}` sort). */
  private compare(times: Float64Array, a: number, b: number): number {
    const difference = (times[b] as number) - (times[a] as number);
    if (difference !== 0) return difference;
    const [idA, idB] = [this.ids[a] as string, this.ids[b] as string];
    return idA < idB ? 1 : idA > idB ? -1 : 0;
  }

  /** Whether a slot comes after the cursor's position in the sort. */
  private isAfter(times: Float64Array, slot: number, after: { ms: number; id: string }): boolean {
    const time = times[slot] as number;
    return time < after.ms || (time === after.ms && (this.ids[slot] as string) < after.id);
  }

  private code(text: string): number {
    let code = this.codes.get(text);
    if (code === undefined) {
      code = this.codes.size;
      this.codes.set(text, code);
    }
    return code;
  }

  private grow(): void {
    const capacity = this.created.length * 2;
    this.created = grown(this.created, capacity);
    this.updated = grown(this.updated, capacity);
    this.versions = grown(this.versions, capacity);
    this.status = grown(this.status, capacity);
    this.customers = grown(this.customers, capacity);
    this.currencies = grown(this.currencies, capacity);
    this.productStart = grown(this.productStart, capacity);
    this.productCount = grown(this.productCount, capacity);
  }
}

/** Candidates are sorted (k log k) only when at most 1/this of the orders: else one pass is cheaper. */
const CANDIDATE_SHARE = 16;

/** Interned codes are ≥ 0: these two mark a filter on no id and on an id the index never saw. */
const NONE = -1;
const UNKNOWN = -2;

/** A compiled filter with its ids as codes (NONE: not filtered). */
interface Resolved {
  mask: number;
  want: number;
  createdFrom: number;
  createdTo: number;
  updatedFrom: number;
  customer: number;
  currency: number;
  product: number;
}

function listOf(lists: Map<number, number[]>, code: number): number[] {
  let list = lists.get(code);
  if (!list) {
    list = [];
    lists.set(code, list);
  }
  return list;
}
