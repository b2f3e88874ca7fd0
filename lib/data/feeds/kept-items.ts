import { batchGetItems } from '../batch-get';
import type { Key } from '../keys';

/**
 * How many items a list keeps per instance and kind (a cart or order item is 1–5 KB: a few MB at
 * most). Enough for the pages a merchant or a storefront reads again and again.
 */
export const MAX_KEPT_ITEMS = 1000;

interface Kept {
  version: number;
  item: Record<string, unknown>;
}

/**
 * The items a list's recent pages showed, each with the version it was read at, kept per instance
 * beside the list's index (docs/data-model.md "Lists"). A page whose items the index still holds at
 * those versions is answered without reading them again: a warm list then costs the feed's round
 * trip alone. Every write of an order, cart or customer raises its version and moves its feed
 * entry, so an item changed since it was kept is read again as soon as the feed shows the change.
 * The least recently used go first past `max`.
 */
export class KeptItems {
  private readonly items = new Map<string, Kept>();

  constructor(private readonly max = MAX_KEPT_ITEMS) {}

  /**
   * The page's items in the order of `ids` (null where the table has none): those kept at the
   * version `heldVersion` names, the others read by key in one strongly consistent BatchGetItem.
   */
  async page(
    shopId: string,
    ids: readonly string[],
    heldVersion: (id: string) => number,
    keyOf: (id: string) => Key,
  ): Promise<(Record<string, unknown> | null)[]> {
    const found = ids.map((id) => this.fresh(shopId, id, heldVersion(id)));
    const missing = ids.filter((_, i) => found[i] === undefined);
    if (missing.length === 0) return found as Record<string, unknown>[];
    const read = await batchGetItems(missing.map(keyOf));
    let next = 0;
    return found.map((item) => item ?? read[next++] ?? null);
  }

  /** Keeps an item as read at `version` (an older version than the one kept is ignored). */
  keep(shopId: string, id: string, version: number, item: Record<string, unknown>): void {
    const name = `${shopId}\n${id}`;
    const known = this.items.get(name);
    if (known && known.version > version) return;
    this.items.delete(name);
    this.items.set(name, { version, item });
    if (this.items.size > this.max) this.items.delete(this.items.keys().next().value as string);
  }

  /** Forgets every item (tests: a cold instance). */
  forget(): void {
    this.items.clear();
  }

  private fresh(shopId: string, id: string, version: number): Record<string, unknown> | undefined {
    const name = `${shopId}\n${id}`;
    const known = this.items.get(name);
    if (!known || known.version !== version) return undefined;
    // Used again: last to go.
    this.items.delete(name);
    this.items.set(name, known);
    return known.item;
  }
}
