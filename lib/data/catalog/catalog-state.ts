import type { Catalog } from '../../domain/catalog/catalog';
import {
  type CatalogProjection,
  indexOfIds,
  keepProjection,
  patchedProjection,
  projectionFromColumns,
  projectionWithout,
} from '../../domain/catalog/catalog-projection';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { columnsWithout, copyColumns, productColumns, setSlot } from '../../domain/catalog/product-columns';
import { codeKey } from '../../domain/coupons/coupon-campaign';
import { carrySuggestIndexes } from '../../domain/search/suggest';
import { byCreation } from '../../domain/storefront/script-tags';
import type {
  CatalogChange,
  CatalogEntry,
  CatalogItemData,
  CatalogState,
  OtherEntries,
  OtherKind,
} from './catalog-entries';
import { CatalogProducts } from './catalog-products';
import type { DecodedSnapshot } from './catalog-snapshot-format';

/** The state of a catalog from all its items (an import's file, or a shop without a snapshot). */
export function stateFromEntries(
  shopId: string,
  version: number,
  entries: readonly CatalogEntry[],
  snapshot: CatalogState['snapshot'],
): CatalogState {
  const products = inCatalogOrder(entries.filter((e) => e.kind === 'product'));
  const others = othersOf(entries.filter((e) => e.kind !== 'product'));
  const held = CatalogProducts.ofObjects(products.map((e) => e.data as ShopProduct));
  const catalog = catalogOf(shopId, version, others, held);
  const columns = productColumns(
    catalog,
    held.values(),
    products.map((e) => e.position),
  );
  return withProjection(
    { catalog, products: held, others, snapshot },
    projectionFromColumns(catalog, columns),
  );
}

/** The state of a catalog decoded from a snapshot: nothing to compute but maps of the few other items. */
export function stateFromSnapshot(
  shopId: string,
  version: number,
  decoded: DecodedSnapshot,
  snapshot: { id: string; version: number; chunks?: number },
): CatalogState {
  const others = othersOf(decoded.others);
  const slots = indexOfIds(decoded.columns.ids);
  const products = CatalogProducts.ofSnapshot(decoded.columns.ids, decoded.blocks, slots, decoded.dictionary);
  const catalog = catalogOf(shopId, version, others, products);
  const projection = projectionFromColumns(catalog, decoded.columns, decoded.orders, slots);
  return withProjection({ catalog, products, others, snapshot }, projection);
}

/**
 * The state after changes (log entries, oldest first), made from the previous one by difference:
 * replaced products change only their slots of the projection (patchedProjection), deleted ones
 * leave their slots (projectionWithout: later slots move down) and products added after the last
 * one in catalog order (POST /products gives a new product the next position) take new slots at
 * the end. Anything else that changes the shape of the catalog (a product moved in the order, new
 * settings or attribute definitions) rebuilds it from all products instead: correct, but it
 * inflates every product; only an import does that, and an import writes a new snapshot instead
 * of a log entry.
 */
export function applyChanges(
  state: CatalogState,
  version: number,
  changes: readonly CatalogChange[],
): CatalogState {
  const shopId = state.catalog.shopId;
  const { columns } = state.projection;
  const slotOf = state.projection.indexOf;
  const replaced = new Map<string, CatalogEntry>();
  const added = new Map<string, CatalogEntry>();
  const removed = new Set<string>();
  let lastPosition = columns.positions.at(-1) ?? Number.NEGATIVE_INFINITY;
  let reshaped = false;
  const touchedKinds = new Set<OtherKind>();
  for (const change of changes) {
    if (change.kind !== 'product') {
      touchedKinds.add(change.kind);
      continue;
    }
    const slot = slotOf.get(change.id);
    if ('deleted' in change) {
      if (added.delete(change.id)) continue;
      replaced.delete(change.id);
      if (slot !== undefined) removed.add(change.id);
    } else if (added.has(change.id)) {
      if (added.get(change.id)?.position === change.position) added.set(change.id, change);
      else reshaped = true;
    } else if (slot !== undefined && !removed.has(change.id)) {
      if (columns.positions[slot] === change.position) replaced.set(change.id, change);
      else reshaped = true;
    } else if (slot === undefined && change.position > lastPosition) {
      added.set(change.id, change);
      lastPosition = change.position;
    } else reshaped = true;
  }
  if (touchedKinds.has('settings') || touchedKinds.has('attributeDefinition')) reshaped = true;
  const others = changedOthers(state.others, changes);
  if (reshaped) return rebuilt(state, version, others, changes);

  const newcomers = [...added.values()].map((e) => e.data as ShopProduct);
  const products = state.products
    .withAddedAndRemoved(newcomers, removed)
    .withChanged([...replaced.values()].map((e) => e.data as ShopProduct));
  const catalog = catalogOf(shopId, version, others, products, state.catalog, touchedKinds);
  let base = state.projection;
  if (removed.size > 0) {
    const slots = [...removed].map((id) => slotOf.get(id) as number).sort((a, b) => a - b);
    base = projectionWithout(base, catalog, columnsWithout(columns, slots), slots);
  }
  const next = copyColumns(base.columns, added.size);
  const slots: number[] = [];
  for (const entry of replaced.values()) {
    const slot = base.indexOf.get(entry.id) as number;
    setSlot(next, catalog, slot, entry.data as ShopProduct, entry.position);
    slots.push(slot);
  }
  // Created products fill the room copyColumns left at the end, in order.
  let slot = base.columns.ids.length;
  for (const entry of added.values()) {
    setSlot(next, catalog, slot, entry.data as ShopProduct, entry.position);
    slots.push(slot++);
  }
  const projection = patchedProjection(base, catalog, next, slots);
  const result = withProjection({ catalog, products, others, snapshot: state.snapshot }, projection);
  carrySuggestIndexes(state.catalog, catalog, [...replaced.keys(), ...added.keys(), ...removed]);
  return result;
}

function rebuilt(
  state: CatalogState,
  version: number,
  others: OtherEntries,
  changes: readonly CatalogChange[],
): CatalogState {
  const { columns } = state.projection;
  const products = new Map<string, CatalogEntry>();
  columns.ids.forEach((id, slot) => {
    products.set(id, {
      kind: 'product',
      id,
      position: columns.positions[slot] as number,
      data: state.products.get(id),
    });
  });
  for (const change of changes) {
    if (change.kind !== 'product') continue;
    if ('deleted' in change) products.delete(change.id);
    else products.set(change.id, change);
  }
  const entries = [...[...others.values()].flatMap((m) => [...m.values()]), ...products.values()];
  return stateFromEntries(state.catalog.shopId, version, entries, state.snapshot);
}

function withProjection(
  parts: Omit<CatalogState, 'projection'>,
  projection: CatalogProjection,
): CatalogState {
  keepProjection(parts.catalog, projection);
  return { ...parts, projection };
}

function changedOthers(others: OtherEntries, changes: readonly CatalogChange[]): OtherEntries {
  const next = new Map(others) as Map<OtherKind, Map<string, CatalogEntry>>;
  const copied = new Set<OtherKind>();
  for (const change of changes) {
    if (change.kind === 'product') continue;
    if (!copied.has(change.kind)) {
      next.set(change.kind, new Map(next.get(change.kind)));
      copied.add(change.kind);
    }
    const byId = next.get(change.kind) as Map<string, CatalogEntry>;
    if ('deleted' in change) byId.delete(change.id);
    else byId.set(change.id, { ...change, kind: change.kind });
  }
  return next;
}

function othersOf(entries: readonly CatalogEntry[]): OtherEntries {
  const others = new Map<OtherKind, Map<string, CatalogEntry>>();
  for (const entry of entries) {
    const kind = entry.kind as OtherKind;
    const byId = others.get(kind) ?? new Map<string, CatalogEntry>();
    byId.set(entry.id, entry);
    others.set(kind, byId);
  }
  return others;
}

/**
 * Entries in catalog order: by position, then by key as DynamoDB orders keys (UTF-8 bytes), which
 * is the order the whole-partition read of earlier versions gave.
 */
export function inCatalogOrder<E extends { id: string; position: number }>(entries: readonly E[]): E[] {
  return [...entries].sort((a, b) => a.position - b.position || byteOrder(a.id, b.id));
}

const SURROGATE = /[\ud800-\udfff]/;

function byteOrder(a: string, b: string): number {
  // Code-unit order equals UTF-8 byte order without surrogates (characters beyond U+FFFF).
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/**
 * The Catalog of a state. Maps of kinds not in `touched` are taken over from `previous`, so their
 * identity tells the projection what did not change.
 */
function catalogOf(
  shopId: string,
  version: number,
  others: OtherEntries,
  products: CatalogProducts,
  previous?: Catalog,
  touched?: ReadonlySet<OtherKind>,
): Catalog {
  const reuse = (kind: OtherKind) => previous !== undefined && !touched?.has(kind);
  const all = <K extends OtherKind>(kind: K) =>
    inCatalogOrder([...(others.get(kind)?.values() ?? [])]).map((e) => e.data as CatalogItemData[K]);
  const settings = reuse('settings') ? previous?.settings : all('settings')[0];
  if (!settings) throw new Error(`shop ${shopId} has a catalog version but no settings`);
  const pick = <K extends OtherKind, V>(kind: K, old: V | undefined, make: () => V): V =>
    reuse(kind) && old !== undefined ? old : make();
  return {
    shopId,
    version,
    settings,
    taxClasses: pick(
      'taxClass',
      previous?.taxClasses,
      () => new Map(all('taxClass').map((t) => [t.taxClassId, t])),
    ),
    shippingMethods: pick('shippingMethod', previous?.shippingMethods, () => all('shippingMethod')),
    couponCampaigns: pick(
      'couponCampaign',
      previous?.couponCampaigns,
      () => new Map(all('couponCampaign').map((c) => [c.campaignId, c])),
    ),
    couponCodes: pick(
      'couponCode',
      previous?.couponCodes,
      () => new Map(all('couponCode').map((c) => [codeKey(c.code), c])),
    ),
    basketDiscounts: pick('basketDiscount', previous?.basketDiscounts, () => all('basketDiscount')),
    attributeDefinitions: pick(
      'attributeDefinition',
      previous?.attributeDefinitions,
      () => new Map(all('attributeDefinition').map((a) => [a.key, a])),
    ),
    productTypes: pick(
      'productType',
      previous?.productTypes,
      () => new Map(all('productType').map((t) => [t.productTypeId, t])),
    ),
    categories: pick(
      'category',
      previous?.categories,
      () => new Map(all('category').map((c) => [c.categoryId, c])),
    ),
    products,
    legal: pick('legal', previous?.legal, () => all('legal')[0] ?? {}),
    scriptTags: pick('scriptTag', previous?.scriptTags, () => byCreation(all('scriptTag'))),
    legalPages: pick(
      'legalPage',
      previous?.legalPages,
      () =>
        new Map(
          [...(others.get('legalPage')?.values() ?? [])].map((e) => [
            e.id,
            e.data as CatalogItemData['legalPage'],
          ]),
        ),
    ),
  };
}
