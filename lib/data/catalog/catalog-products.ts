import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ShopProduct } from '../../domain/catalog/catalog-types';

/**
 * Products per compressed block: a page of 20 products lies in up to 20 blocks, so a block must be
 * cheap to inflate (16 products: about 30 KB of JSON); larger blocks compress a little better.
 */
export const PRODUCTS_PER_BLOCK = 16;
/**
 * Inflated blocks kept in memory, shared by every catalog version of the process (a block never
 * changes). 1024 blocks are about 16,000 products: every page of a 10,000-product shop stays parsed,
 * while a 100,000-product shop keeps its RSS bounded (about 80 MB of parsed products).
 */
const PARSED_BLOCKS = 1024;

/**
 * A catalog's products, kept as compressed blocks of PRODUCTS_PER_BLOCK products (those of a snapshot,
 * slot after slot) and inflated on access, plus the products changed since the snapshot as objects.
 * A cold start then parses no product at all (100,000 products are 200 MB of JSON, 10 MB deflated);
 * a page of results inflates a few blocks. A Map to its readers; never changed once made.
 */
export class CatalogProducts implements ReadonlyMap<string, ShopProduct> {
  /**
   * @param order product ids in catalog order
   * @param blocks compressed blocks; block b holds the products of `blockIds(b)`
   * @param located where each base product lies: block × PRODUCTS_PER_BLOCK + offset
   * @param changed products that replace or add to the blocks' ones
   * @param dictionary the preset deflate dictionary the blocks were compressed with
   * @param gone products of the blocks deleted since the snapshot
   */
  constructor(
    readonly order: readonly string[],
    readonly blocks: readonly Uint8Array[],
    readonly located: ReadonlyMap<string, number>,
    readonly changed: ReadonlyMap<string, ShopProduct>,
    readonly dictionary?: Uint8Array,
    readonly gone: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * Products of a snapshot: slot i lies in block ⌊i / PRODUCTS_PER_BLOCK⌋; `slots` maps id → slot
   * (the projection's index, shared).
   */
  static ofSnapshot(
    order: readonly string[],
    blocks: readonly Uint8Array[],
    slots: ReadonlyMap<string, number>,
    dictionary: Uint8Array,
  ): CatalogProducts {
    return new CatalogProducts(order, blocks, slots, new Map(), dictionary);
  }

  /** Products held as objects only (a catalog built from a file or a whole partition). */
  static ofObjects(products: readonly ShopProduct[]): CatalogProducts {
    return new CatalogProducts(
      products.map((p) => p.productId),
      [],
      new Map(),
      new Map(products.map((p) => [p.productId, p])),
    );
  }

  /** The same products with some replaced (ids already in the order). */
  withChanged(replaced: Iterable<ShopProduct>): CatalogProducts {
    const changed = new Map(this.changed);
    for (const p of replaced) changed.set(p.productId, p);
    return new CatalogProducts(this.order, this.blocks, this.located, changed, this.dictionary, this.gone);
  }

  /**
   * The products after some were deleted and some added at the end of the catalog order (product
   * writes through the API): the blocks stay as they are, the deleted ones are marked gone.
   */
  withAddedAndRemoved(added: readonly ShopProduct[], removed: ReadonlySet<string>): CatalogProducts {
    const changed = new Map(this.changed);
    const gone = new Set(this.gone);
    for (const id of removed) {
      changed.delete(id);
      if (this.located.has(id)) gone.add(id);
    }
    for (const p of added) changed.set(p.productId, p);
    const order = [
      ...(removed.size > 0 ? this.order.filter((id) => !removed.has(id)) : this.order),
      ...added.map((p) => p.productId),
    ];
    return new CatalogProducts(order, this.blocks, this.located, changed, this.dictionary, gone);
  }

  get size(): number {
    return this.order.length;
  }

  has(id: string): boolean {
    return this.changed.has(id) || (this.located.has(id) && !this.gone.has(id));
  }

  get(id: string): ShopProduct | undefined {
    const own = this.changed.get(id);
    if (own) return own;
    if (this.gone.has(id)) return undefined;
    const at = this.located.get(id);
    if (at === undefined) return undefined;
    const block = this.blocks[Math.floor(at / PRODUCTS_PER_BLOCK)];
    return block && parsedBlock(block, this.dictionary)[at % PRODUCTS_PER_BLOCK];
  }

  /** Whether block b holds the same products as at snapshot time (a new snapshot can reuse its bytes). */
  blockUnchanged(b: number): boolean {
    for (const id of this.gone)
      if (Math.floor((this.located.get(id) ?? -1) / PRODUCTS_PER_BLOCK) === b) return false;
    for (let i = b * PRODUCTS_PER_BLOCK; i < Math.min(this.order.length, (b + 1) * PRODUCTS_PER_BLOCK); i++) {
      const id = this.order[i] as string;
      if (this.changed.has(id) || this.located.get(id) !== i) return false;
    }
    return true;
  }

  *keys(): MapIterator<string> {
    yield* this.order;
  }

  *values(): MapIterator<ShopProduct> {
    for (const id of this.order) yield this.get(id) as ShopProduct;
  }

  *entries(): MapIterator<[string, ShopProduct]> {
    for (const id of this.order) yield [id, this.get(id) as ShopProduct];
  }

  [Symbol.iterator](): MapIterator<[string, ShopProduct]> {
    return this.entries();
  }

  forEach(callback: (value: ShopProduct, key: string, map: ReadonlyMap<string, ShopProduct>) => void): void {
    for (const [id, product] of this.entries()) callback(product, id, this);
  }
}

/** Compresses products (one block's worth) for a snapshot, with the snapshot's dictionary. */
export function compressBlock(products: readonly ShopProduct[], dictionary: Uint8Array): Uint8Array {
  return deflateRawSync(JSON.stringify(products), { dictionary });
}

/**
 * A preset deflate dictionary for a catalog's blocks: the JSON of 16 of its products spread over
 * the catalog (deflate uses its last 32 KB). A block of 16 products alone spends much of its bytes
 * on the keys and values every product repeats; with the dictionary the blocks are a third smaller
 * (100,000 products: 16.7 MB → 10.7 MB), so a cold start reads and decodes less.
 */
export function blockDictionary(products: CatalogProducts): Uint8Array {
  const { order } = products;
  const step = Math.max(1, Math.floor(order.length / 16));
  const sample: ShopProduct[] = [];
  for (let i = 0; i < order.length && sample.length < 16; i += step) {
    const product = products.get(order[i] as string);
    if (product) sample.push(product);
  }
  return Buffer.from(JSON.stringify(sample)).subarray(-32_768);
}

const parsed = new Map<Uint8Array, ShopProduct[]>();

/** A block's products, inflated once and kept among the most recently used PARSED_BLOCKS blocks. */
function parsedBlock(block: Uint8Array, dictionary: Uint8Array | undefined): ShopProduct[] {
  let products = parsed.get(block);
  if (products) {
    // Moved to the back (most recently used) only once the cache is full and order matters: a
    // warm request reads each product twice, and the move cost more than the rest of the lookup.
    if (parsed.size >= PARSED_BLOCKS) {
      parsed.delete(block);
      parsed.set(block, products);
    }
    return products;
  }
  const json = inflateRawSync(block, dictionary ? { dictionary } : {});
  products = JSON.parse(json.toString('utf8')) as ShopProduct[];
  if (parsed.size >= PARSED_BLOCKS) parsed.delete(parsed.keys().next().value as Uint8Array);
  parsed.set(block, products);
  return products;
}
