import type { FieldError } from './errors';

/**
 * The one rule every string of a request obeys, whatever its schema (docs/decisions.md "Input
 * text"): well-formed Unicode (no lone UTF-16 surrogate, which JSON can carry as `"\ud800"` and
 * which breaks encodeURIComponent, key builders and re-encoding) and no control characters but
 * tab, line feed and carriage return (a NUL or an escape sequence in a name is never wanted in a
 * commerce API, and would travel on into documents, e-mails and logs). Object keys count as strings.
 */

declare global {
  interface String {
    /** ES2024 (Node 20): false when the string holds a lone surrogate. */
    isWellFormed(): boolean;
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Stop collecting after this many problems (a body may hold thousands of strings). */
const MAX_PROBLEMS = 20;

/** What is wrong with one string, or undefined. */
export function textProblem(text: string): string | undefined {
  if (!text.isWellFormed()) return 'must be well-formed Unicode text (no lone surrogate)';
  if (CONTROL.test(text))
    return 'must not contain control characters other than tab, line feed and carriage return';
  return undefined;
}

/**
 * Every string and object key in a parsed value (JSON, form, path or query parameters) that breaks
 * the rule, named as validation names fields (`lineItems[0].productId`; `prefix` for the value itself).
 * Iterative: a body may nest deeper than the call stack.
 */
export function inputTextProblems(value: unknown, prefix = 'request'): FieldError[] {
  const problems: FieldError[] = [];
  // Paths as parent links: copying arrays per level would be quadratic in the depth.
  const stack: [unknown, Step | undefined][] = [[value, undefined]];
  const name = (step: Step | undefined) => fieldName(prefix, pathOf(step));
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    const [node, at] = stack.pop() as [unknown, Step | undefined];
    // A member's name is checked when its turn comes; a bad name hides its value.
    const keyProblem = typeof at?.part === 'string' ? textProblem(at.part) : undefined;
    if (keyProblem) problems.push({ field: name(at), message: `name ${keyProblem}` });
    else if (typeof node === 'string') {
      const message = textProblem(node);
      if (message) problems.push({ field: name(at), message });
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], { part: i, up: at }]);
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push([child, { part: key, up: at }]);
      }
    }
  }
  return problems;
}

interface Step {
  part: PropertyKey;
  up: Step | undefined;
}

function pathOf(step: Step | undefined): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let s = step; s; s = s.up) path.push(s.part);
  return path.reverse();
}

/** `lineItems[0].quantity` from a path; the value itself is `prefix`. */
export function fieldName(prefix: string, path: readonly PropertyKey[]): string {
  let name = '';
  for (const part of path)
    name += typeof part === 'number' ? `[${part}]` : name ? `.${String(part)}` : String(part);
  return name || prefix || 'request';
}
