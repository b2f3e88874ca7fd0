import { promisify } from 'node:util';
import { deflateRaw, inflateRawSync } from 'node:zlib';
import { type ProjectionOrders, projectionOrders } from '../../domain/catalog/catalog-projection';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { LocaleTexts, type ProductColumns } from '../../domain/catalog/product-columns';
import type { CatalogEntry, CatalogState } from './catalog-entries';
import { blockDictionary, compressBlock, PRODUCTS_PER_BLOCK } from './catalog-products';

/**
 * The layout's version, the stream's first 4 bytes. A reader that meets another one (a snapshot
 * written by an older or newer release) does not guess: see SnapshotFormatUnknown.
 */
const FORMAT = 0x43415404; // "CAT" 4 (3 had no stock columns, 2 no product numbers column)

const deflate = promisify(deflateRaw);

/** A snapshot in a layout this release does not read: the loader rebuilds it from the partition. */
export class SnapshotFormatUnknown extends Error {}

/** Bytes per snapshot chunk: under DynamoDB's 400 KB item limit with room for the keys. */
export const CHUNK_BYTES = 350_000;

/** What a snapshot holds besides the texts of each locale and the compressed product blocks. */
interface SnapshotHead {
  /** Every catalog item except products (settings, tax classes, categories, ...). */
  others: CatalogEntry[];
  /** The projection's product columns, slot by slot, but those of locales, and its sort orders. */
  columns: Omit<ProductColumns, 'locales'>;
  orders: ProjectionOrders;
  /** Per locale, in this order: byte lengths of its compressed display names and search texts. */
  localeSizes: [string, number, number][];
  /** Byte length of each product block, in slot order. */
  blockSizes: number[];
  /** The blocks' preset deflate dictionary, base64. */
  dictionary: string;
}

/** A decoded snapshot: what stateFromSnapshot builds a catalog from. */
export interface DecodedSnapshot {
  others: CatalogEntry[];
  columns: ProductColumns;
  orders: ProjectionOrders;
  blocks: Uint8Array[];
  dictionary: Uint8Array;
}

/**
 * A catalog state as snapshot chunks: [format][head length][deflated head JSON][deflated texts of each
 * locale][product blocks...], cut into CHUNK_BYTES pieces. A locale's texts (most of the head: four
 * strings per product) are inflated when the locale is first asked for, so a cold start pays for
 * the one its first request uses. Blocks whose products did not change since the snapshot the state
 * was loaded from are copied as they are (a compaction compresses only the changed blocks).
 */
export async function encodeSnapshot(state: CatalogState): Promise<Uint8Array[]> {
  const { products, projection, others } = state;
  const order = projection.columns.ids;
  // Blocks are copied as they are only with the dictionary they were compressed with.
  const dictionary = products.dictionary ?? blockDictionary(products);
  const blocks: Uint8Array[] = [];
  for (let b = 0; b * PRODUCTS_PER_BLOCK < order.length; b++) {
    const kept = products.blocks[b];
    if (kept && products.dictionary && products.blockUnchanged(b)) {
      blocks.push(kept);
      continue;
    }
    const ids = order.slice(b * PRODUCTS_PER_BLOCK, (b + 1) * PRODUCTS_PER_BLOCK);
    blocks.push(
      compressBlock(
        ids.map((id) => products.get(id) as ShopProduct),
        dictionary,
      ),
    );
  }
  const { locales, ...columns } = projection.columns;
  // The texts and the head are most of a compaction's CPU (about 0.8 s of deflating at 100,000
  // products): deflated on libuv's threads, not the event loop, which other requests share.
  const texts: (readonly [string, Buffer, Buffer])[] = [];
  for (const [locale, view] of Object.entries(locales))
    texts.push([
      locale,
      await deflate(JSON.stringify(view.displayNames)),
      await deflate(JSON.stringify(view.searchTexts)),
    ]);
  const head: SnapshotHead = {
    others: [...others.values()].flatMap((byId) => [...byId.values()]),
    columns,
    orders: projectionOrders(projection),
    localeSizes: texts.map(([locale, names, search]) => [locale, names.length, search.length]),
    blockSizes: blocks.map((b) => b.length),
    dictionary: Buffer.from(dictionary).toString('base64'),
  };
  const headBytes = await deflate(JSON.stringify(head));
  const preamble = Buffer.alloc(8);
  preamble.writeUInt32BE(FORMAT, 0);
  preamble.writeUInt32BE(headBytes.length, 4);
  const stream = Buffer.concat([
    preamble,
    headBytes,
    ...texts.flatMap(([, names, search]) => [names, search]),
    ...blocks,
  ]);
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
  const preamble = Buffer.from(bytes(0, 8));
  if (preamble.readUInt32BE(0) !== FORMAT)
    throw new SnapshotFormatUnknown('catalog snapshot of another layout');
  const headLength = preamble.readUInt32BE(4);
  const head = JSON.parse(inflateRawSync(bytes(8, headLength)).toString('utf8')) as SnapshotHead;
  let at = 8 + headLength;
  const locales: Record<string, LocaleTexts> = {};
  for (const [locale, namesSize, searchSize] of head.localeSizes) {
    const names = bytes(at, namesSize);
    const search = bytes(at + namesSize, searchSize);
    at += namesSize + searchSize;
    locales[locale] = new LocaleTexts(once(names), once(search));
  }
  const blocks: Uint8Array[] = [];
  for (const size of head.blockSizes) {
    blocks.push(bytes(at, size));
    at += size;
  }
  const total = chunks.reduce((sum, c) => sum + c.length, 0);
  if (at !== total) throw new Error(`catalog snapshot has ${total - at} bytes unaccounted for`);
  return {
    others: head.others,
    columns: { ...head.columns, locales },
    orders: head.orders,
    blocks,
    dictionary: Buffer.from(head.dictionary, 'base64'),
  };
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

/** Parses deflated JSON on the first call, then returns the same value. */
function once<T>(compressed: Uint8Array): () => T {
  let value: T | undefined;
  return () => {
    value ??= JSON.parse(inflateRawSync(compressed).toString('utf8')) as T;
    return value;
  };
}
