import type { StreamFilterPattern } from '../../../functions/events/stream-filter';

/**
 * Lambda's event filtering, for the twin: whether a record (as Lambda hands it over) matches a
 * filter pattern. Only the rules the patterns use are supported: a list of accepted strings or
 * booleans, and `{exists: true}`; a pattern with anything else (prefix, numeric, ...) throws, so a new kind of rule in
 * functions/events/stream-filter.ts fails the twin's tests instead of filtering differently.
 */
export function matchesPattern(pattern: StreamFilterPattern, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const fields = value as Record<string, unknown>;
  return Object.entries(pattern).every(([name, rule]) => {
    if (!Array.isArray(rule)) return matchesPattern(rule as StreamFilterPattern, fields[name]);
    return rule.some((accepted) => accepts(accepted, fields[name]));
  });
}

/** One accepted value: equal to a string or boolean, or `{exists: true}` for any value. */
function accepts(accepted: unknown, value: unknown): boolean {
  if (typeof accepted === 'string' || typeof accepted === 'boolean') return value === accepted;
  if (
    accepted !== null &&
    typeof accepted === 'object' &&
    Object.keys(accepted).length === 1 &&
    (accepted as { exists?: unknown }).exists === true
  )
    return value !== undefined;
  throw new Error(`unsupported filter rule ${JSON.stringify(accepted)}`);
}

/** Whether a record passes the filters: any pattern matching lets it through (none: all pass). */
export function passesFilters(filters: readonly StreamFilterPattern[], record: unknown): boolean {
  return filters.length === 0 || filters.some((pattern) => matchesPattern(pattern, record));
}
