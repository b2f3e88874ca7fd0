/**
 * The one switch of the speed tricks: `SPEED_TRICKS_OFF=early-read,json-parts,...` (a comma-separated
 * list of the names below, or `all`) turns tricks off, so the bench can measure with and without
 * each (docs/performance.md "Speed tricks"). Answers are the same either way: every trick only
 * changes when or how often work is done, never its result (`ascii-json` changes how characters
 * beyond ASCII are written, not the JSON a parser reads). Read once, on the first question; an
 * unknown name fails loudly (a typo would otherwise measure nothing).
 */

/** Every speed trick, and the module that holds it (its header states the gain and how it was measured). */
export const SPEED_TRICKS = {
  /** lib/http/middleware/early-read.ts: the first DynamoDB read starts right after auth. */
  'early-read': 'lib/http/middleware/early-read.ts',
  /** lib/speed/speculative-catalog-answer.ts: catalog reads answer on the kept catalog while its version is read. */
  'speculative-answers': 'lib/speed/speculative-catalog-answer.ts',
  /** lib/speed/verified-tokens.ts: a verified bearer token's claims are kept for its next requests. */
  'verified-tokens': 'lib/speed/verified-tokens.ts',
  /** lib/speed/json-text.ts: kept answers' JSON is serialized once and spliced in. */
  'json-parts': 'lib/speed/json-text.ts',
  /** lib/speed/json-text.ts (asciiJson): kept JSON parts escape characters beyond ASCII (one-byte strings). */
  'ascii-json': 'lib/speed/json-text.ts',
  /** lib/speed/kept.ts: product views and listings (and listed carts) are built once per catalog version. */
  'kept-views': 'lib/speed/kept.ts',
  /** lib/domain/search/facet-tables.ts: flat per-field value tables and filter masks, built once per projection. */
  'facet-tables': 'lib/domain/search/facet-tables.ts',
  /** lib/domain/search/suggest.ts (carrySuggestIndexes): a product write patches the suggest index instead of a rebuild. */
  'suggest-carry': 'lib/domain/search/suggest.ts',
  /** lib/data/inventory/shard-read-batches.ts: a PATCH's stock reads go out together with others in flight. */
  'stock-read-batches': 'lib/data/inventory/shard-read-batches.ts',
  /** infra/constructs/lambda-credentials.ts: bundles take credentials from the environment only. */
  'credentials-alias': 'infra/constructs/lambda-credentials.ts',
  /** infra/constructs/no-event-streams.ts: bundles carry no event-stream code. */
  'event-streams-alias': 'infra/constructs/no-event-streams.ts',
  /** infra/constructs/no-secrets-manager.ts: only idempotent routes' bundles carry the Secrets Manager client. */
  'secrets-manager-alias': 'infra/constructs/no-secrets-manager.ts',
} as const;

export type SpeedTrick = keyof typeof SPEED_TRICKS;

let off: ReadonlySet<string> | undefined;

/** Whether a speed trick is on (all are, unless SPEED_TRICKS_OFF names them). */
export function speedTrickOn(trick: SpeedTrick): boolean {
  off ??= switchedOff(process.env.SPEED_TRICKS_OFF);
  return !off.has(trick);
}

/**
 * Switches tricks anew, as SPEED_TRICKS_OFF would (undefined: all on). For the bench's paired
 * measurement (infra/bench/speed-tricks.ts), which alternates with and without in one process.
 */
export function setSpeedTricksOff(value: string | undefined): void {
  off = switchedOff(value);
}

/** The tricks a SPEED_TRICKS_OFF value turns off. */
export function switchedOff(value: string | undefined): ReadonlySet<string> {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('all')) return new Set(Object.keys(SPEED_TRICKS));
  const unknown = names.filter((name) => !(name in SPEED_TRICKS));
  if (unknown.length > 0)
    throw new Error(
      `SPEED_TRICKS_OFF: unknown ${unknown.join(', ')} (known: ${Object.keys(SPEED_TRICKS).join(', ')})`,
    );
  return new Set(names);
}
