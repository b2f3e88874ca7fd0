/**
 * The products index's bulk actions: one JSON Patch per selected product (the API has no bulk write),
 * each answered on its own, so a summary says which succeeded and which did not, and why.
 */

export type BulkAction = { kind: 'show' } | { kind: 'hide' } | { kind: 'adjust'; by: number };

/** The JSON Patch a bulk action sends to each product. */
export function bulkPatch(action: BulkAction): { op: string; path: string; value: unknown }[] {
  if (action.kind === 'adjust') return [{ op: 'add', path: '/stocklevel', value: action.by }];
  return [{ op: 'add', path: '/visible', value: action.kind === 'show' }];
}

/** A stock adjustment as typed: a whole or decimal number (up to 3 decimals), not zero. */
export function parseAdjustment(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[+-]?\d+(\.\d{1,3})?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value === 0 ? undefined : value;
}

/** One product's outcome. */
export interface BulkResult {
  productId: string;
  name: string;
  ok: boolean;
  /** Why not, in words (the API's message or the status). */
  reason?: string;
}

/** The summary's two lists. */
export function summarize(results: readonly BulkResult[]): { done: BulkResult[]; failed: BulkResult[] } {
  return { done: results.filter((r) => r.ok), failed: results.filter((r) => !r.ok) };
}

/** Runs `task` over `items` at most `limit` at a time (a browser's connections per host), in order. */
export async function inTurn<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
