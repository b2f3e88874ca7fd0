/**
 * JSON Patch (RFC 6902) building blocks: operations and JSON Pointers (RFC 6901). What a resource
 * lets a patch change is the resource's own rule (e.g. customer-patch.ts).
 */

/** One operation of a patch document as sent. */
export interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
}

/** Checks one value a patch writes: the value as stored, or its problems located within it. */
export type ValueCheck<T> = (
  value: unknown,
) =>
  | { ok: true; value: T }
  | { ok: false; issues: readonly { message: string; path: readonly PropertyKey[] }[] };

/** A problem with one operation, located as `[index].member` (e.g. `[2].path`). */
export interface PatchProblem {
  field: string;
  message: string;
}

/**
 * The reference tokens of a JSON Pointer, unescaped ("~1" is "/", "~0" is "~"): "/a/b~1c" gives
 * ["a", "b/c"], "" gives [] (the whole document). null when the pointer is malformed.
 */
export function parsePointer(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  const tokens = pointer.slice(1).split('/');
  if (tokens.some((t) => /~[^01]|~$/.test(t))) return null;
  return tokens.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The problem field of an operation's member: `[2].value`, `[2].value.street`. */
export function opField(index: number, member: string, ...rest: readonly PropertyKey[]): string {
  return `[${index}].${[member, ...rest.map(String)].join('.')}`;
}
