import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { type ProjectionOrders, projectionOrders } from '../domain/catalog-projection';
import { type LocaleColumns, LocaleTexts, type ProductColumns } from '../domain/product-columns';
import type { ShopProduct } from '../schemas/shop-file';
import { compressBlock, PRODUCTS_PER_BLOCK } from './catalog-products';
import type { CatalogEntry, CatalogState } from './catalog-state';

/** Bytes per snapshot chunk: under DynamoDB's 400 KB item limit with room for the keys. */
export const CHUNK_BYTES = 350_000;

/** What a snapshot holds besides the texts of each locale and the compressed product blocks. */
interface SnapshotHead {
  /** Every catalog item except products (settings, tax classes, categories, ...). */
  others: CatalogEntry[];
  /** The projection's product columns, slot by slot, but those of locales, and its sort orders. */
  columns: Omit<ProductColumns, 'locales'>;
  orders: ProjectionOrders;
  /** Byte length of each locale's compressed texts, in this order. */
  localeSizes: [string, number][];
  /** Byte length of each product block, in slot order. */
  blockSizes: number[];
}

/** A decoded snapshot: what stateFromSnapshot builds a catalog from. */
export interface DecodedSnapshot {
  others: CatalogEntry[];
  columns: ProductColumns;
  orders: ProjectionOrders;
  blocks: Uint8Array[];
}

/**
 * A catalog state as snapshot chunks: [head length][deflated head JSON][deflated texts of each
 * locale][product blocks...], cut into CHUNK_BYTES pieces. A locale's texts (most of the head: four
 * strings per product) are inflated when the locale is first asked for, so a cold start pays for
 * the one its first request uses. Blocks whose products did not change since the snapshot the state
 * was loaded from are copied as they are (a compaction compresses only the changed blocks).
 */
export function encodeSnapshot(state: CatalogState): Uint8Array[] {
  const { products, projection, others } = state;
  const order = projection.columns.ids;
  const blocks: Uint8Array[] = [];
  for (let b = 0; b * PRODUCTS_PER_BLOCK < order.length; b++) {
    const kept = products.blocks[b];
    if (kept && products.blockUnchanged(b)) {
      blocks.push(kept);
      continue;
    }
    const ids = order.slice(b * PRODUCTS_PER_BLOCK, (b + 1) * PRODUCTS_PER_BLOCK);
    blocks.push(compressBlock(ids.map((id) => products.get(id) as ShopProduct)));
  }
  const { locales, ...columns } = projection.columns;
  const texts = Object.entries(locales).map(
    ([locale, view]) => [locale, deflateRawSync(JSON.stringify(view.columns))] as const,
  );
  const head: SnapshotHead = {
    others: [...others.values()].flatMap((byId) => [...byId.values()]),
    columns,
    orders: projectionOrders(projection),
    localeSizes: texts.map(([locale, bytes]) => [locale, bytes.length]),
    blockSizes: blocks.map((b) => b.length),
  };
  const headBytes = deflateRawSync(JSON.stringify(head));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headBytes.length);
  const stream = Buffer.concat([length, headBytes, ...texts.map(([, bytes]) => bytes), ...blocks]);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < stream.length; at += CHUNK_BYTES) chunks.push(stream.subarray(at, at + CHUNK_BYTES));
  return chunks;
}

/**
 * The snapshot the chunks (in order) hold. Blocks are views into the chunks (copied only when one
 * spans two chunks): no copy of the whole snapshot.
 */
export function decodeSnapshot(chunks: readonly Uint8Array[]): DecodedSnapshot {
  const bytes = byteRange(chunks);
  const headLength = Buffer.from(bytes(0, 4)).readUInt32BE(0);
  const head = JSON.parse(inflateRawSync(bytes(4, headLength)).toString('utf8')) as SnapshotHead;
  let at = 4 + headLength;
  const locales: Record<string, LocaleTexts> = {};
  for (const [locale, size] of head.localeSizes) {
    const texts = bytes(at, size);
    at += size;
    let parsed: LocaleColumns | undefined;
    locales[locale] = new LocaleTexts(() => {
      parsed ??= JSON.parse(inflateRawSync(texts).toString('utf8')) as LocaleColumns;
      return parsed;
    });
  }
  const blocks: Uint8Array[] = [];
  for (const size of head.blockSizes) {
    blocks.push(bytes(at, size));
    at += size;
  }
  const total = chunks.reduce((sum, c) => sum + c.length, 0);
  if (at !== total) throw new Error(`catalog snapshot has ${total - at} bytes unaccounted for`);
  return { others: head.others, columns: { ...head.columns, locales }, orders: head.orders, blocks };
}

/** Reads `length` bytes at an offset of the chunks laid end to end. */
function byteRange(chunks: readonly Uint8Array[]): (offset: number, length: number) => Uint8Array {
  const starts: number[] = [];
  let total = 0;
  for (const chunk of chunks) {
    starts.push(total);
    total += chunk.length;
  }
  return (offset, length) => {
    let k = 0;
    while (k + 1 < chunks.length && (starts[k + 1] as number) <= offset) k++;
    const chunk = chunks[k] as Uint8Array;
    const from = offset - (starts[k] as number);
    if (from + length <= chunk.length) return chunk.subarray(from, from + length);
    const parts: Uint8Array[] = [];
    let left = length;
    for (let at = from; left > 0; k++, at = 0) {
      const piece = (chunks[k] as Uint8Array).subarray(at, at + left);
      parts.push(piece);
      left -= piece.length;
    }
    return Buffer.concat(parts);
  };
}
