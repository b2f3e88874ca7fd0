import type { StreamFilterPattern } from '../../../functions/events/stream-filter';

/**
 * Lambda's event filtering, for the twin: whether a record (as Lambda hands it over) matches a
 * filter pattern. Only the rule the patterns use is supported, a list of accepted values; a
 * pattern with anything else (prefix, numeric, exists, ...) throws, so a new kind of rule in
 * functions/events/stream-filter.ts fails the twin's tests instead of filtering differently.
 */
export function matchesPattern(pattern: StreamFilterPattern, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const fields = value as Record<string, unknown>;
  return Object.entries(pattern).every(([name, rule]) => {
    if (!Array.isArray(rule)) return matchesPattern(rule as StreamFilterPattern, fields[name]);
    for (const accepted of rule) {
      if (typeof accepted !== 'string')
        throw new Error(`unsupported filter rule ${JSON.stringify(accepted)}`);
    }
    return rule.includes(fields[name] as string);
  });
}

/** Whether a record passes the filters: any pattern matching lets it through (none: all pass). */
export function passesFilters(filters: readonly StreamFilterPattern[], record: unknown): boolean {
  return filters.length === 0 || filters.some((pattern) => matchesPattern(pattern, record));
}
