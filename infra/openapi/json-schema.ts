import { toJSONSchema } from 'zod/v4/core';
import * as z from '../../lib/schemas/zod';

/** A JSON Schema object (OpenAPI 3.1 uses JSON Schema 2020-12 as it is). */
export type JsonSchema = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';

/**
 * Every response schema registered with an id (lib/schemas/responses), as OpenAPI components:
 * zod 4's own toJSONSchema, references between them as `#/components/schemas/<id>`.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    uri: (id) => `${REF_PREFIX}${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, schema]) => [id, clean(schema as JsonSchema)]),
  );
}

/**
 * A request schema as a client writes it (`io: 'input'`: the text of a query parameter before the
 * handler's transforms; transforms and refinements have no JSON Schema and are left out).
 */
export function requestSchema(schema: z.core.$ZodType): JsonSchema {
  return clean(
    toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      override: wholeNumberParameter,
    }) as JsonSchema,
  );
}

/**
 * A query integer (lib/schemas/common.ts: digits parsed into a bounded integer) is shown as the
 * integer with its bounds and a query boolean as a boolean, as OpenAPI writes such parameters (their
 * text in the query is the same), instead of a digit pattern and a "true"/"false" enum.
 */
function wholeNumberParameter({
  zodSchema,
  jsonSchema,
}: {
  zodSchema: z.core.$ZodType;
  jsonSchema: JsonSchema;
}) {
  const def = zodSchema._zod.def as { type: string; in?: z.core.$ZodType; out?: z.core.$ZodType };
  if (def.type !== 'pipe' || !def.in || !def.out) return;
  let shown: JsonSchema | undefined;
  if (def.in._zod.def.type === 'pipe' && def.out._zod.def.type === 'number')
    shown = clean(toJSONSchema(def.out) as JsonSchema);
  // QueryBoolean: exactly "true" or "false", a boolean parameter.
  const values = (def.in._zod.def as { entries?: Record<string, string> }).entries;
  if (values && Object.keys(values).sort().join() === 'false,true') shown = { type: 'boolean' };
  if (!shown) return;
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  Object.assign(jsonSchema, shown);
}

/** The $ref of a response schema (every one is registered with an id, lib/schemas/responses). */
export function responseSchema(schema: z.core.$ZodType): JsonSchema {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('a response schema without an id: register it in lib/schemas/responses');
  return { $ref: `${REF_PREFIX}${id}` };
}

/** Drops the keys a standalone JSON Schema has and an embedded one must not ($schema, $id). */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}
