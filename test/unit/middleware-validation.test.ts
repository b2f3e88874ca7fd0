import { describe, expect, it } from 'vitest';
import { BadRequest, type FieldError, HttpError } from '../../lib/http/errors';
import { type InputSchemas, validation } from '../../lib/http/middleware/validation';
import type { ApiEvent, PipelineState } from '../../lib/http/types';
import { AddLineItemBody, CreateCartBody } from '../../lib/schemas/carts';
import { CartPath, paging, ShopPath } from '../../lib/schemas/common';
import { ListProductsQuery } from '../../lib/schemas/products';
import * as z from '../../lib/schemas/zod';
import { eventWith, middyRequest } from './support/api-event';

/** Runs the before step; answers the validated input or the 400 thrown. */
function validate(
  schemas: InputSchemas,
  event: ApiEvent,
  rawBody?: unknown,
): { input?: PipelineState['input']; error?: HttpError } {
  const request = middyRequest(event, { api: { rawBody } });
  try {
    validation(schemas).before?.(request);
  } catch (error) {
    if (error instanceof HttpError) return { error };
    throw error;
  }
  return { input: request.context.api.input };
}

const listEvent = (rawQueryString: string) => eventWith('products/list-products', { rawQueryString });
const fields = (error: HttpError | undefined): string[] => (error?.errors ?? []).map((e) => e.field);

describe('validation of bodies', () => {
  it('hands the parsed, typed input to the handler', () => {
    // Prepare
    const event = eventWith('carts/create-cart');

    // Act
    const { input, error } = validate({ path: ShopPath, body: CreateCartBody }, event, {
      currency: 'EUR',
      lineItems: [{ productId: 'merino-beanie', quantity: 2 }],
    });

    // Assess
    expect(error).toBeUndefined();
    expect(input).toEqual({
      path: { shopId: 'demo' },
      query: {},
      body: { currency: 'EUR', lineItems: [{ productId: 'merino-beanie', quantity: 2 }] },
    });
  });

  it('names a nested field like lineItems[0].quantity', () => {
    // Prepare
    const body = {
      lineItems: [
        { productId: 'merino-beanie', quantity: 1.2345 },
        { productId: 'fleece-pullover', quantity: 1 },
        { productId: '', quantity: 0 },
      ],
    };

    // Act
    const { error } = validate({ body: CreateCartBody }, eventWith('carts/create-cart'), body);

    // Assess
    expect(error).toBeInstanceOf(BadRequest);
    expect(error?.status).toBe(400);
    expect(fields(error)).toEqual([
      'lineItems[0].quantity',
      'lineItems[2].productId',
      'lineItems[2].quantity',
    ]);
    expect(error?.errors?.[0]?.message).toBe('expected at most 3 decimals');
  });

  it('names top-level fields by their name', () => {
    // Prepare
    const body = { currency: 'euro', taxType: 'BOTH' };

    // Act
    const { error } = validate({ body: CreateCartBody }, eventWith('carts/create-cart'), body);

    // Assess
    expect(fields(error)).toEqual(['currency', 'taxType']);
  });

  it('names the body itself "body" when it has the wrong shape', () => {
    // Prepare
    const bodies: unknown[] = [undefined, 'text', [1]];

    // Act
    const errors = bodies.map((body) =>
      validate({ body: AddLineItemBody }, eventWith('carts/add-line-item'), body),
    );

    // Assess
    for (const { error } of errors) {
      expect(error?.status).toBe(400);
      expect(fields(error)).toEqual(['body']);
    }
  });

  it('refuses unknown fields of strict bodies', () => {
    // Prepare
    const body = { productId: 'merino-beanie', quantity: 1, price: 0 };

    // Act
    const { error } = validate({ body: AddLineItemBody }, eventWith('carts/add-line-item'), body);

    // Assess
    expect(error?.status).toBe(400);
    expect(error?.errors?.[0]?.message).toContain('price');
  });

  it('names fields of a bare array body by their index', () => {
    // Prepare
    const schema = z.array(AddLineItemBody);

    // Act
    const { error } = validate({ body: schema }, eventWith('carts/add-line-item'), [
      { productId: 'a', quantity: 1 },
      { productId: 'b', quantity: -1 },
    ]);

    // Assess
    expect(fields(error)).toEqual(['[1].quantity']);
  });

  it('passes an empty body to a schema that allows it', () => {
    // Prepare
    const event = eventWith('carts/create-cart', { body: '' });

    // Act
    const { input } = validate({ body: CreateCartBody }, event, undefined);

    // Assess
    expect(input?.body).toEqual({});
  });

  it('passes the raw body on when the route has no body schema', () => {
    // Prepare
    const rawBody = { anything: true };

    // Act
    const { input } = validate({}, eventWith('carts/create-cart'), rawBody);

    // Assess
    expect(input?.body).toBe(rawBody);
  });
});

describe('validation of query integers', () => {
  it('applies defaults and converts digits', () => {
    // Prepare
    const event = listEvent('page=2&resultsPerPage=100');

    // Act
    const { input, error } = validate({ query: ListProductsQuery }, event);

    // Assess
    expect(error).toBeUndefined();
    expect(input?.query).toEqual({ page: 2, resultsPerPage: 100, sort: 'name', direction: 'asc' });
  });

  it('reads the sample event query', () => {
    // Prepare
    const event = eventWith('products/list-products');

    // Act
    const { input } = validate({ query: ListProductsQuery }, event);

    // Assess
    expect(input?.query).toEqual({
      page: 1,
      resultsPerPage: 5,
      sort: 'price',
      direction: 'desc',
      locale: 'de_DE',
    });
  });

  const bad: [string, string][] = [
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['page=-1', 'page'],
    ['page=', 'page'],
    ['page=1e3', 'page'],
    ['page=abc', 'page'],
    ['page=%201', 'page'],
    ['resultsPerPage=101', 'resultsPerPage'],
    ['resultsPerPage=0', 'resultsPerPage'],
    ['resultsPerPage=10.0', 'resultsPerPage'],
    ['page=1&page=2', 'page'],
  ];

  for (const [query, field] of bad) {
    it(`answers 400 for ${query}`, () => {
      // Prepare
      const event = listEvent(query);

      // Act
      const { error } = validate({ query: ListProductsQuery }, event);

      // Assess
      expect(error?.status).toBe(400);
      expect(fields(error)).toEqual([field]);
    });
  }

  it('collects the errors of path, query and body in one answer', () => {
    // Prepare
    const event = eventWith('carts/add-line-item', {
      rawQueryString: 'page=0',
      pathParameters: { shopId: 'no shop!', cartId: 'a#b' },
    });
    const schemas = {
      path: CartPath,
      query: z.object({ page: paging().page }),
      body: AddLineItemBody,
    };

    // Act
    const { error } = validate(schemas, event, { productId: 'x', quantity: 0 });

    // Assess
    expect(error?.message).toBe('Invalid request');
    expect(fields(error)).toEqual(['shopId', 'cartId', 'page', 'quantity']);
    for (const entry of error?.errors ?? []) expect(Object.keys(entry).sort()).toEqual(['field', 'message']);
  });
});

describe('validation of repeated query parameters', () => {
  const IdsQuery = z.object({
    id: z.optional(z.union([z.string(), z.array(z.string()).check(z.maxLength(12))])),
    q: z.optional(z.string()),
  });

  it('turns repeated parameters into arrays, in order', () => {
    // Prepare
    const event = listEvent('id=b&id=a&id=c&q=rain%20jacket');

    // Act
    const { input } = validate({ query: IdsQuery }, event);

    // Assess
    expect(input?.query).toEqual({ id: ['b', 'a', 'c'], q: 'rain jacket' });
  });

  it('keeps a single parameter a string', () => {
    // Prepare
    const event = listEvent('id=b');

    // Act
    const { input } = validate({ query: IdsQuery }, event);

    // Assess
    expect(input?.query).toEqual({ id: 'b' });
  });

  it("reads the raw query string rather than API Gateway's comma-joined parameters", () => {
    // Prepare
    const event = listEvent('id=a%2Cb&id=c');
    event.queryStringParameters = { id: 'a,b,c' };

    // Act
    const { input } = validate({ query: IdsQuery }, event);

    // Assess
    expect(input?.query).toEqual({ id: ['a,b', 'c'] });
  });

  it('answers 400 naming the field when a list is too long', () => {
    // Prepare
    const event = listEvent(Array.from({ length: 13 }, (_, i) => `id=p${i}`).join('&'));

    // Act
    const { error } = validate({ query: IdsQuery }, event);

    // Assess
    expect(fields(error)).toEqual(['id']);
  });

  it('sees no query when the event has none', () => {
    // Prepare
    const event = listEvent('');
    delete (event as { rawQueryString?: string }).rawQueryString;

    // Act
    const { input } = validate({ query: IdsQuery }, event);

    // Assess
    expect(input?.query).toEqual({});
  });
});

describe('validation field errors', () => {
  it('are plain {field, message} objects', () => {
    // Prepare
    const expected: FieldError = { field: 'quantity', message: expect.any(String) as unknown as string };

    // Act
    const { error } = validate({ body: AddLineItemBody }, eventWith('carts/add-line-item'), {
      productId: 'a',
      quantity: 'one',
    });

    // Assess
    expect(error?.errors).toEqual([expected]);
  });
});
