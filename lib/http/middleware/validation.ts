import type { MiddlewareObj } from '@middy/core';
import type { Route } from '../../routes';
import * as z from '../../schemas/zod';
import { BadRequest, type FieldError } from '../errors';
import { fieldName, inputTextProblems } from '../input-text';
import type { ApiContext, ApiEvent, ApiResult } from '../types';
import { parseForm } from './body-parsing';
import { CART_TOKEN_HEADER } from './cart-token';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyProblem } from './idempotency';

/** The request headers the API reads (besides Accept, Authorization and Content-Type, checked on their own). */
const READ_HEADERS = [CART_TOKEN_HEADER, IDEMPOTENCY_KEY_HEADER, 'If-Match'];

/** The zod schemas a route validates its input with. */
export interface InputSchemas {
  path?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
}

/**
 * zod validation of path, query and body at the edge: 400 with one `errors[]` entry per failed
 * field (docs/api-rules.md "Errors and status codes"). The handler only ever sees validated, typed input.
 * First, once for every route, every string of the path, query, body and read headers must be well-formed
 * text (lib/http/input-text.ts); schemas never see one that is not. On idempotent routes the
 * Idempotency-Key's format is checked here too (the idempotency step ignores a malformed one).
 */
export function validation(
  schemas: InputSchemas,
  route?: Pick<Route, 'idempotent'>,
): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: (request) => {
      const { event, context } = request;
      const rawQuery = parseForm(event.rawQueryString ?? '');
      const textErrors = [
        ...inputTextProblems(event.pathParameters ?? {}, ''),
        ...inputTextProblems(rawQuery, ''),
        ...inputTextProblems(context.api.rawBody, 'body'),
        ...READ_HEADERS.flatMap((name) => {
          const value = event.headers?.[name.toLowerCase()];
          return value === undefined ? [] : inputTextProblems(value, name);
        }),
      ];
      if (textErrors.length > 0) throw new BadRequest('Invalid request', textErrors);
      const errors: FieldError[] = [];
      const key = event.headers?.[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      const keyProblem = route?.idempotent && key !== undefined ? idempotencyKeyProblem(key) : undefined;
      if (keyProblem) errors.push({ field: IDEMPOTENCY_KEY_HEADER, message: keyProblem });
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
      const query = check(schemas.query, rawQuery, '');
      const body = check(schemas.body, context.api.rawBody, 'body');
      if (errors.length > 0) throw new BadRequest('Invalid request', errors);
      context.api.input = { path, query, body };
    },
  };
}
