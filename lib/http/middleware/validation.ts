import type { MiddlewareObj } from '@middy/core';
import * as z from '../../schemas/zod';
import { BadRequest, type FieldError } from '../errors';
import type { ApiContext, ApiEvent, ApiResult } from '../types';
import { parseForm } from './body-parsing';

/** The zod schemas a route validates its input with. */
export interface InputSchemas {
  path?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
}

/**
 * zod validation of path, query and body at the edge: 400 with one `errors[]` entry per failed
 * field (contract "Errors"). The handler only ever sees validated, typed input.
 */
export function validation(schemas: InputSchemas): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: (request) => {
      const { event, context } = request;
      const errors: FieldError[] = [];
      const check = (schema: z.core.$ZodType | undefined, value: unknown, prefix: string) => {
        if (!schema) return value;
        // Messages come from the English locale lib/schemas/zod.ts configures (imported above).
        const result = z.safeParse(schema, value);
        if (result.success) return result.data;
        for (const issue of result.error.issues)
          errors.push({ field: fieldName(prefix, issue.path), message: issue.message });
        return undefined;
      };
      const path = check(schemas.path, event.pathParameters ?? {}, '');
      // Parsed from the raw string so repeated parameters (?id=a&id=b) stay lists.
      const query = check(schemas.query, parseForm(event.rawQueryString ?? ''), '');
      const body = check(schemas.body, context.api.rawBody, 'body');
      if (errors.length > 0) throw new BadRequest('Invalid request', errors);
      context.api.input = { path, query, body };
    },
  };
}

/** `lineItems[0].quantity` from a zod path; the body itself is `body`. */
function fieldName(prefix: string, path: readonly PropertyKey[]): string {
  let name = '';
  for (const part of path)
    name += typeof part === 'number' ? `[${part}]` : name ? `.${String(part)}` : String(part);
  return name || prefix || 'request';
}
