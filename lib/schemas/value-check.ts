import type { ValueCheck } from '../domain/json-patch';
// Namespace import: `import { z }` defeats tree shaking and adds all of zod to the bundle.
import type * as z from './zod';

/** A schema as a domain value check (JSON Patch values): the parsed value, or zod's issues. */
export function valueCheck<T>(schema: z.ZodMiniType<T>): ValueCheck<T> {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: parsed.error.issues };
  };
}
