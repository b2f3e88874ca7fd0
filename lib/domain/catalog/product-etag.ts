import { createHash } from 'node:crypto';
import type { ShopProduct } from './catalog-types';

/**
 * The ETag of a product (docs/api-rules.md "ETag and If-Match"): a short hash of its catalog record
 * and its live stock (units, null when untracked), so it changes with every change of either. The
 * record is hashed with its keys sorted: instances that loaded it from a snapshot or from the change
 * log agree on the tag.
 */
export function productEtag(product: ShopProduct, stockUnits: number | null): string {
  // When it was written is bookkeeping: a write's answer and a later read agree without it.
  const { writtenAt: _, ...record } = product;
  const hash = createHash('sha256')
    .update(canonicalJson(record))
    .update(`\u0000${stockUnits ?? 'untracked'}`)
    .digest('base64url');
  return `"${hash.slice(0, 16)}"`;
}

/** Whether an If-Match value names the tag: a list of tags, weak ones compared as strong, `*` any. */
export function etagListMatches(ifMatch: string, etag: string): boolean {
  return ifMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
