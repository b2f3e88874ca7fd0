import type { CompiledFilter, OrderSort } from '../../domain/orders/order-filter';
import type { OrderEntry } from './order-feed';

/** Which slice of the found orders: a page by number, or the page after a cursor's sort key. */
export interface IndexSlice {
  offset: number;
  perPage: number;
  /** `{ISO time}#{orderId}` of the last order the client saw, in the same sort. */
  after?: string;
}

/** What a filter found: how many orders match in all, and the slice's order ids with their sort keys. */
export interface IndexFound {
  results: number;
  orderIds: string[];
  /** The sort key (`{ISO time}#{orderId}`) of the slice's last order. */
  last: string | undefined;
}

/**
 * One shop's orders in memory, as compact columns (docs/orders.md "Finding orders"): a slot per
 * order with its times, version and status bits in typed arrays, customer and currency as interned
 * numbers, its products as a small array of interned numbers, and inverted lists customer → slots and
 * product → slots, so those filters start from their few candidates. Slots are kept in two orders
 * (by creation and by last change, newest first) that are sorted again only after a change; the
 * engine's TimSort takes near-linear time on an order that was sorted before a few entries moved.
 * Entries apply by version: an entry never replaces a newer one.
 */
export class OrderIndex {
  private size = 0;
  private ids: string[] = [];
  private slotOf = new Map<string, number>();
  private created = new Float64Array(1024);
  private updated = new Float64Array(1024);
  private versions = new Int32Array(1024);
  private status = new Uint16Array(1024);
  private customers = new Int32Array(1024);
  private currencies = new Int32Array(1024);
  private products: Int32Array[] = [];
  private codes = new Map<string, number>();
  private byCustomer = new Map<number, number[]>();
  private byProduct = new Map<number, number[]>();
  private byCreated: number[] = [];
  private byUpdated: number[] = [];
  private createdSorted = true;
  private updatedSorted = true;

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
      if (this.updated[known] !== entry.updatedMs) this.updatedSorted = false;
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
    const products = Int32Array.from(entry.productIds, (id) => this.code(id));
    this.products.push(products);
    listOf(this.byCustomer, this.customers[slot] as number).push(slot);
    for (const product of products) listOf(this.byProduct, product).push(slot);
    this.byCreated.push(slot);
    this.byUpdated.push(slot);
    this.createdSorted = false;
    this.updatedSorted = false;
    return true;
  }

  /**
   * Every order the filter matches, counted, and the slice's ids in the sort's order: one pass
   * over the sorted slots, or over the candidates of the customer or product named (sorted then:
   * they are few).
   */
  find(compiled: CompiledFilter, sort: OrderSort, slice: IndexSlice): IndexFound {
    const filter = this.resolve(compiled);
    const times = sort === 'created' ? this.created : this.updated;
    const after = slice.after === undefined ? undefined : parseSortKey(slice.after);
    const candidates = this.candidates(filter);
    const matches: number[] = [];
    let results = 0;
    const take = (slot: number) => {
      if (!this.matches(filter, slot)) return;
      results++;
      matches.push(slot);
    };
    if (candidates === undefined) {
      // One pass in the sort's order: only the slice's slots are kept.
      const ordered = this.ordered(sort);
      let skip = slice.offset;
      const page: number[] = [];
      for (const slot of ordered) {
        if (!this.matches(filter, slot)) continue;
        results++;
        if (after !== undefined && !this.isAfter(times, slot, after)) continue;
        if (skip > 0) skip--;
        else if (page.length < slice.perPage) page.push(slot);
      }
      return this.found(results, page, times);
    }
    for (const slot of candidates) take(slot);
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

  /** The slots of the named customer or product (the fewer), undefined when neither is named. */
  private candidates(filter: CompiledFilter): readonly number[] | undefined {
    const lists: (readonly number[])[] = [];
    if (filter.customerId !== undefined) lists.push(this.listFor(this.byCustomer, filter.customerId));
    if (filter.productId !== undefined) lists.push(this.listFor(this.byProduct, filter.productId));
    if (lists.length === 0) return undefined;
    return lists.reduce((a, b) => (b.length < a.length ? b : a));
  }

  private listFor(lists: Map<number, number[]>, id: string): readonly number[] {
    const code = this.codes.get(id);
    return code === undefined ? [] : (lists.get(code) ?? []);
  }

  /** The filter's ids as interned codes (NONE: not filtered, UNKNOWN: an id no order has). */
  private resolve(filter: CompiledFilter): Resolved {
    const of = (id: string | undefined) => (id === undefined ? NONE : (this.codes.get(id) ?? UNKNOWN));
    return {
      ...filter,
      customerCode: of(filter.customerId),
      currencyCode: of(filter.currency),
      productCode: of(filter.productId),
    };
  }

  private matches(filter: Resolved, slot: number): boolean {
    if (((this.status[slot] as number) & filter.mask) !== filter.want) return false;
    const created = this.created[slot] as number;
    if (created < filter.createdFrom || created > filter.createdTo) return false;
    if ((this.updated[slot] as number) < filter.updatedFrom) return false;
    if (filter.currencyCode !== NONE && this.currencies[slot] !== filter.currencyCode) return false;
    if (filter.customerCode !== NONE && this.customers[slot] !== filter.customerCode) return false;
    if (filter.productCode !== NONE && !(this.products[slot] as Int32Array).includes(filter.productCode))
      return false;
    return true;
  }

  /** The slots newest first in `sort`, sorted again only when an entry came or moved since. */
  private ordered(sort: OrderSort): readonly number[] {
    if (sort === 'created') {
      if (!this.createdSorted) this.byCreated.sort((a, b) => this.compare(this.created, a, b));
      this.createdSorted = true;
      return this.byCreated;
    }
    if (!this.updatedSorted) this.byUpdated.sort((a, b) => this.compare(this.updated, a, b));
    this.updatedSorted = true;
    return this.byUpdated;
  }

  /** Newest first, ties by orderId descending (as the counted lists sort `{time}#{id}`). */
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
    const bigger = <T extends Float64Array | Int32Array | Uint16Array>(
      array: T,
      make: new (n: number) => T,
    ) => {
      const next = new make(capacity);
      next.set(array);
      return next;
    };
    this.created = bigger(this.created, Float64Array);
    this.updated = bigger(this.updated, Float64Array);
    this.versions = bigger(this.versions, Int32Array);
    this.status = bigger(this.status, Uint16Array);
    this.customers = bigger(this.customers, Int32Array);
    this.currencies = bigger(this.currencies, Int32Array);
  }
}

/** Interned codes are ≥ 0: these two mark a filter on no id and on an id the index never saw. */
const NONE = -1;
const UNKNOWN = -2;

type Resolved = CompiledFilter & { customerCode: number; currencyCode: number; productCode: number };

function listOf(lists: Map<number, number[]>, code: number): number[] {
  let list = lists.get(code);
  if (!list) {
    list = [];
    lists.set(code, list);
  }
  return list;
}

function parseSortKey(key: string): { ms: number; id: string } {
  const cut = key.indexOf('#');
  return { ms: Date.parse(key.slice(0, cut)), id: key.slice(cut + 1) };
}
