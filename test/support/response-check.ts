import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { OPENAPI_PATH } from '../../infra/function-entries';
import { DOCS_PATH } from '../../infra/local/docs-page';
import { matchRoute } from '../../lib/http/router';
import { ErrorBody } from '../../lib/schemas/responses/common';
import { routeResponses } from '../../lib/schemas/responses/route-responses';
import type * as z from '../../lib/schemas/zod';

/**
 * Every answer an API test receives through call() is checked against openapi.json: the status must
 * be one the document lists for the route's operation, and the body must match the response schema
 * of that status (the zod schema the document was generated from; the stale test keeps them equal).
 * A mismatch throws, so the test that made the request fails with the route, status and issue paths.
 * Counts go to a file per test module in the folder the global setup names, written once after the
 * module's tests (a write per answer was thousands of blocking writes a run);
 * test/support/response-check-summary.ts prints the total at the end of the run.
 */

interface Operation {
  responses: Record<string, Described>;
}
interface Described {
  $ref?: string;
  headers?: Record<string, { $ref: string }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Described>; headers: Record<string, { required?: boolean }> };
}

let documented: Document | undefined;
const counts = { checked: 0, mismatches: 0 };
const countFile = `${process.pid}-${randomUUID()}.json`;

function openApi(): Document {
  documented ??= JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as Document;
  return documented;
}

/** The headers a documented response always carries (`required: true` in openapi.json). */
function requiredHeaders(response: Described): string[] {
  const { components } = openApi();
  const resolved = response.$ref ? components.responses[response.$ref.split('/').pop() as string] : response;
  return Object.entries(resolved?.headers ?? {})
    .filter(([, header]) => components.headers[header.$ref.split('/').pop() as string]?.required)
    .map(([name]) => name);
}

/** Checks one response, counts it and throws a readable error on a mismatch. */
export function checkResponse(
  method: string,
  url: string,
  status: number,
  body: unknown,
  text: string,
  headers: Headers,
): void {
  const mismatch = responseMismatch(method, url, status, body, text, headers);
  if (mismatch === null) return;
  counts.checked += 1;
  if (mismatch) counts.mismatches += 1;
  if (mismatch) throw new Error(mismatch);
}

/**
 * What is wrong with one response (a readable message), undefined when it matches openapi.json,
 * null when it is no answer of the API (a page the server serves besides it).
 */
export function responseMismatch(
  method: string,
  url: string,
  status: number,
  body: unknown,
  text: string,
  headers: Headers,
): string | undefined | null {
  const path = new URL(url).pathname;
  // The document itself and the docs page are served beside the API, not operations of it.
  if (path === OPENAPI_PATH || path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`)) return null;
  const match = matchRoute(method, path);
  let problem: string | undefined;
  let where: string;
  if (match.kind !== 'route') {
    // No operation: 404 and 405 come with the Error body.
    where = `${method} ${path} (no operation)`;
    if (status < 400) return null;
    problem = bodyProblem(ErrorBody, body, text);
  } else {
    const { route } = match;
    where = `${route.method} ${route.path} (${route.name})`;
    const listed = openApi().paths[route.path]?.[route.method.toLowerCase()]?.responses ?? {};
    const missing =
      String(status) in listed
        ? requiredHeaders(listed[status] as Described).filter((h) => !headers.has(h))
        : [];
    if (!(String(status) in listed)) {
      problem = `status ${status} is not documented (documented: ${Object.keys(listed).join(', ')})`;
    } else if (status >= 400) {
      problem = bodyProblem(ErrorBody, body, text);
    } else {
      const schema = routeResponses[route.name as keyof typeof routeResponses][status as 200 | 201 | 204];
      problem = schema
        ? bodyProblem(schema, body, text)
        : text === ''
          ? undefined
          : `expected no body, got ${text.slice(0, 200)}`;
    }
    if (!problem && missing.length > 0) problem = `missing header ${missing.join(', ')}`;
  }
  return problem && `Response does not match openapi.json: ${where} answered ${status}: ${problem}`;
}

function bodyProblem(schema: z.core.$ZodType, body: unknown, text: string): string | undefined {
  if (text === '') return 'expected a JSON body, got none';
  const result = schema['~standard'].validate(body);
  if (result instanceof Promise) throw new Error('response schemas must be synchronous');
  if (!result.issues) return undefined;
  return result.issues
    .slice(0, 10)
    .map(
      (issue) =>
        `\n  at ${issue.path?.map((p) => (typeof p === 'object' ? p.key : p)).join('.') || '(body)'}: ${issue.message}`,
    )
    .join('');
}

// Registered when a test module imports this one (the api and slow projects' files import it anew
// each: test/support/fresh-file.ts).
afterAll(record);

function record(): void {
  const folder = inject('responseCheckDir');
  if (!folder || counts.checked === 0) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, countFile), JSON.stringify(counts));
}
