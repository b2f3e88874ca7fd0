import type { HttpMethod, RouteName } from '../../../lib/routes';

/** What a walk's call answered: the status, the parsed JSON body (undefined when empty), the headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * How a walk reaches the API: one request relative to the shop (`path` '' is the shop itself,
 * `/carts?x=1` its carts). `name` is the route the request means (null: one of the error calls whose
 * answers feed the document's shared error responses). A FormData `body` goes as multipart/form-data,
 * any other defined body as JSON. `expectedStatus` is what the walk will check; a call may use it
 * (e.g. to log) but need not check it.
 */
export type RouteCall = (
  name: RouteName | null,
  method: HttpMethod,
  path: string,
  body: unknown,
  headers: Record<string, string> | undefined,
  expectedStatus: number,
) => Promise<Answer>;

/** One request the walk made: what it meant, what it expected, what came back. */
export interface WalkedCall {
  name: RouteName | null;
  method: HttpMethod;
  path: string;
  expected: number;
  status: number;
}

/** A walk's request with its expected status next to the route's name, so each line reads as a claim. */
export type Step = (
  name: RouteName | null,
  expectedStatus: number,
  method: HttpMethod,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Answer>;

/**
 * A step over `call` that notes each request in `walked` and throws when the status differs from the
 * expected one, naming the route, both statuses and the body (the first wrong answer stops the walk:
 * the later steps build on the earlier ones' ids).
 */
export function checkedStep(call: RouteCall, walked: WalkedCall[]): Step {
  return async (name, expected, method, path, body, headers) => {
    const answer = await call(name, method, path, body, headers, expected);
    walked.push({ name, method, path, expected, status: answer.status });
    if (answer.status !== expected) {
      const what = name ?? `error call ${method} ${path || '/'}`;
      throw new Error(`${what}: expected ${expected}, got ${answer.status}: ${shorten(answer.body)}`);
    }
    return answer;
  };
}

function shorten(body: unknown): string {
  const text = body === undefined ? '(no body)' : JSON.stringify(body);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/** A string field of an answer's body (an id the next steps use). */
export function field(answer: Answer, key: string): string {
  return (answer.body as Record<string, string>)[key] as string;
}

/** A German billing address: the customer's, and the cart's shipping and billing address. */
export const ADDRESS = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Hauptstraße 1',
  zipCode: '10115',
  city: 'Berlin',
  country: 'DE',
  emailAddress: 'erika@example.com',
};
