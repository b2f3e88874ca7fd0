import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { type ProjectionOrders, projectionOrders } from '../domain/catalog-projection';
import type { ProductColumns } from '../domain/product-columns';
import type { ShopProduct } from '../schemas/shop-file';
import { compressBlock, PRODUCTS_PER_BLOCK } from './catalog-products';
import type { CatalogEntry, CatalogState } from './catalog-state';

/** Bytes per snapshot chunk: under DynamoDB's 400 KB item limit with room for the keys. */
export const CHUNK_BYTES = 350_000;

/** What a snapshot holds besides the compressed product blocks. */
interface SnapshotHead {
  /** Every catalog item except products (settings, tax classes, categories, ...). */
  others: CatalogEntry[];
  /** The projection's product columns, slot by slot, and its sort orders. */
  columns: ProductColumns;
  orders: ProjectionOrders;
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
 * A catalog state as snapshot chunks: [head length][deflated head JSON][product blocks...], cut into
 * CHUNK_BYTES pieces. Blocks whose products did not change since the snapshot the state was loaded
 * from are copied as they are (a compaction compresses only the changed blocks).
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
  const head: SnapshotHead = {
    others: [...others.values()].flatMap((byId) => [...byId.values()]),
    columns: projection.columns,
    orders: projectionOrders(projection),
    blockSizes: blocks.map((b) => b.length),
  };
  const headBytes = deflateRawSync(JSON.stringify(head));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headBytes.length);
  const stream = Buffer.concat([length, headBytes, ...blocks]);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < stream.length; at += CHUNK_BYTES) chunks.push(stream.subarray(at, at + CHUNK_BYTES));
  return chunks;
}

/** The snapshot the chunks (in order) hold. Blocks are views into one buffer: no copy. */
export function decodeSnapshot(chunks: readonly Uint8Array[]): DecodedSnapshot {
  const stream = Buffer.concat(chunks);
  const headLength = stream.readUInt32BE(0);
  const head = JSON.parse(
    inflateRawSync(stream.subarray(4, 4 + headLength)).toString('utf8'),
  ) as SnapshotHead;
  const blocks: Uint8Array[] = [];
  let at = 4 + headLength;
  for (const size of head.blockSizes) {
    blocks.push(stream.subarray(at, at + size));
    at += size;
  }
  if (at !== stream.length)
    throw new Error(`catalog snapshot has ${stream.length - at} bytes unaccounted for`);
  return { others: head.others, columns: head.columns, orders: head.orders, blocks };
}
