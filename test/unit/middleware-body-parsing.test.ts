import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/errors';
import { bodyParsing, MAX_BODY_BYTES, parseForm } from '../../lib/http/middleware/body-parsing';
import type { ApiEvent } from '../../lib/http/types';
import type { BodyKind, Route } from '../../lib/routes';
import { routes } from '../../lib/routes';
import { eventWith, middyRequest } from './support/api-event';

/** A route like the table's, with another body kind (the table has no form or patch route yet). */
const withBody = (body: BodyKind): Route => ({ ...routes.addLineItem, body });

function postEvent(
  body: string | undefined,
  contentType: string | undefined,
  isBase64Encoded = false,
): ApiEvent {
  return eventWith('carts/add-line-item', {
    body,
    isBase64Encoded,
    headers: { 'content-type': contentType },
  });
}

/** Runs the before step; answers the parsed body or the HttpError thrown. */
function parse(route: Route, event: ApiEvent): { rawBody: unknown; error?: HttpError } {
  const request = middyRequest(event);
  try {
    bodyParsing(route).before?.(request);
  } catch (error) {
    if (error instanceof HttpError) return { rawBody: request.context.api.rawBody, error };
    throw error;
  }
  return { rawBody: request.context.api.rawBody };
}

describe('bodyParsing of JSON', () => {
  it('parses a JSON body', () => {
    // Prepare
    const event = eventWith('carts/add-line-item');

    // Act
    const { rawBody, error } = parse(routes.addLineItem, event);

    // Assess
    expect(error).toBeUndefined();
    expect(rawBody).toEqual({ productId: 'trail-tshirt-red-m', quantity: 1 });
  });

  it('accepts the content type with parameters and in any case', () => {
    // Prepare
    const events = [
      postEvent('{"a":1}', 'application/json; charset=utf-8'),
      postEvent('{"a":1}', 'Application/JSON'),
      postEvent('{"a":1}', ' application/json ;charset=UTF-8'),
    ];

    // Act
    const results = events.map((event) => parse(routes.addLineItem, event));

    // Assess
    for (const result of results) expect(result).toEqual({ rawBody: { a: 1 } });
  });

  it('answers 400 for malformed JSON', () => {
    // Prepare
    const bodies = ['{"productId":', '{productId: 1}', "{'a':1}", 'undefined', '{"a":1}}'];

    // Act
    const results = bodies.map((body) => parse(routes.addLineItem, postEvent(body, 'application/json')));

    // Assess
    for (const { error } of results) {
      expect(error?.status).toBe(400);
      expect(error?.message).toBe('Malformed JSON body');
    }
  });

  it('keeps JSON that is valid but not an object for validation to judge', () => {
    // Prepare
    const event = postEvent('[1,2]', 'application/json');

    // Act
    const { rawBody, error } = parse(routes.addLineItem, event);

    // Assess
    expect(error).toBeUndefined();
    expect(rawBody).toEqual([1, 2]);
  });

  it('answers 415 for a content type the route does not take', () => {
    // Prepare
    const events = [
      postEvent('productId=a&quantity=1', 'application/x-www-form-urlencoded'),
      postEvent('{"a":1}', 'text/plain'),
      postEvent('{"a":1}', 'application/json-patch+json'),
      postEvent('{"a":1}', undefined),
      postEvent('{"a":1}', 'application/jsonx'),
    ];

    // Act
    const results = events.map((event) => parse(routes.addLineItem, event));

    // Assess
    for (const { error, rawBody } of results) {
      expect(error?.status).toBe(415);
      expect(error?.message).toContain('application/json');
      expect(rawBody).toBeUndefined();
    }
  });

  it('answers an empty or blank body as undefined where the route allows one, whatever its content type', () => {
    // Prepare
    const events = [
      postEvent('', 'application/json'),
      postEvent(undefined, 'application/json'),
      postEvent('  \n ', 'text/plain'),
      postEvent('', undefined),
    ];

    // Act
    const results = events.map((event) => parse(routes.createCart, event));

    // Assess
    for (const result of results) expect(result).toEqual({ rawBody: undefined });
  });

  it('answers 400 naming the body for an empty or blank body where the route needs one', () => {
    // Prepare
    const events = [
      postEvent('', 'application/json'),
      postEvent(undefined, 'application/json'),
      postEvent('  \n ', 'text/plain'),
      postEvent('', undefined),
    ];

    // Act
    const results = events.map((event) => parse(routes.addLineItem, event));

    // Assess
    for (const { error } of results) {
      expect(error?.status).toBe(400);
      expect(error?.errors).toEqual([{ field: 'body', message: 'a request body is required' }]);
    }
  });

  it('decodes base64 bodies', () => {
    // Prepare
    const json = JSON.stringify({ productId: 'merino-beanie', quantity: 2, note: 'Grüße' });
    const event = postEvent(Buffer.from(json, 'utf8').toString('base64'), 'application/json', true);

    // Act
    const { rawBody, error } = parse(routes.addLineItem, event);

    // Assess
    expect(error).toBeUndefined();
    expect(rawBody).toEqual({ productId: 'merino-beanie', quantity: 2, note: 'Grüße' });
  });
});

describe('bodyParsing size limit', () => {
  it(`accepts a body of exactly ${MAX_BODY_BYTES} bytes`, () => {
    // Prepare
    const body = `"${'a'.repeat(MAX_BODY_BYTES - 2)}"`;

    // Act
    const { error, rawBody } = parse(routes.addLineItem, postEvent(body, 'application/json'));

    // Assess
    expect(MAX_BODY_BYTES).toBe(256 * 1024);
    expect(error).toBeUndefined();
    expect(typeof rawBody).toBe('string');
  });

  it('answers 413 one byte over 256 KiB', () => {
    // Prepare
    const body = `"${'a'.repeat(MAX_BODY_BYTES - 1)}"`;

    // Act
    const { error } = parse(routes.addLineItem, postEvent(body, 'application/json'));

    // Assess
    expect(error?.status).toBe(413);
  });

  it('counts bytes, not characters', () => {
    // Prepare: 'ä' is two bytes in UTF-8
    const body = `"${'ä'.repeat(MAX_BODY_BYTES / 2)}"`;

    // Act
    const { error } = parse(routes.addLineItem, postEvent(body, 'application/json'));

    // Assess
    expect(body.length).toBeLessThan(MAX_BODY_BYTES);
    expect(error?.status).toBe(413);
  });

  it('measures a base64 body after decoding', () => {
    // Prepare: the base64 text is a third larger than the body it carries
    const decoded = `"${'a'.repeat(MAX_BODY_BYTES - 2)}"`;
    const encoded = Buffer.from(decoded).toString('base64');

    // Act
    const { error } = parse(routes.addLineItem, postEvent(encoded, 'application/json', true));

    // Assess
    expect(encoded.length).toBeGreaterThan(MAX_BODY_BYTES);
    expect(error).toBeUndefined();
  });

  it('answers 413 before looking at the content type', () => {
    // Prepare
    const body = 'x'.repeat(MAX_BODY_BYTES + 1);

    // Act
    const { error } = parse(routes.addLineItem, postEvent(body, 'text/plain'));

    // Assess
    expect(error?.status).toBe(413);
  });
});

describe('bodyParsing by route body kind', () => {
  it('refuses to build a multipart route without its parser (the bundle fails at import, not per request)', () => {
    // Prepare
    const route = routes.uploadSlideshowImage;

    // Act
    const build = () => bodyParsing(route);

    // Assess
    expect(build).toThrow(/uploadSlideshowImage takes multipart\/form-data bodies/);
  });

  it("ignores any body on 'none' routes", () => {
    // Prepare
    const events = [
      postEvent('{}', 'application/json'),
      postEvent('not json at all', 'application/json'),
      postEvent('x'.repeat(MAX_BODY_BYTES + 1), 'text/plain'),
    ];

    // Act
    const results = events.map((event) => parse(routes.getCart, event));

    // Assess
    for (const result of results) expect(result).toEqual({ rawBody: undefined });
  });

  it('parses form bodies on form routes, repeated fields as lists', () => {
    // Prepare
    const event = postEvent(
      'categoryId=shoes&productId=a&productId=b&productId=c%20d&note=x+y',
      'application/x-www-form-urlencoded; charset=utf-8',
    );

    // Act
    const { rawBody, error } = parse(withBody('form'), event);

    // Assess
    expect(error).toBeUndefined();
    expect(rawBody).toEqual({ categoryId: 'shoes', productId: ['a', 'b', 'c d'], note: 'x y' });
  });

  it('still takes JSON on form routes', () => {
    // Prepare
    const event = postEvent('{"code":"SUMMER"}', 'application/json');

    // Act
    const { rawBody } = parse(withBody('form'), event);

    // Assess
    expect(rawBody).toEqual({ code: 'SUMMER' });
  });

  it('takes application/json-patch+json on patch routes', () => {
    // Prepare
    const patch = [{ op: 'replace', path: '/internalNote', value: 'VIP' }];
    const event = postEvent(JSON.stringify(patch), 'application/json-patch+json');

    // Act
    const { rawBody, error } = parse(withBody('patch'), event);

    // Assess
    expect(error).toBeUndefined();
    expect(rawBody).toEqual(patch);
  });

  it('refuses form bodies on patch routes with 415', () => {
    // Prepare
    const event = postEvent('a=1', 'application/x-www-form-urlencoded');

    // Act
    const { error } = parse(withBody('patch'), event);

    // Assess
    expect(error?.status).toBe(415);
  });
});

describe('parseForm', () => {
  it('decodes fields and keeps repeated ones in order', () => {
    // Prepare
    const text = 'a=1&b=x%26y&a=2&a=3&empty=&flag';

    // Act
    const form = parseForm(text);

    // Assess
    expect(form).toEqual({ a: ['1', '2', '3'], b: 'x&y', empty: '', flag: '' });
  });

  it('answers an empty object for an empty string', () => {
    // Prepare
    const text = '';

    // Act
    const form = parseForm(text);

    // Assess
    expect(form).toEqual({});
  });

  it('treats field names of Object.prototype as plain fields', () => {
    // Prepare
    const text = 'constructor=a&toString=b&hasOwnProperty=c';

    // Act
    const form = parseForm(text);

    // Assess
    expect(form.constructor).toBe('a');
    expect(form.toString).toBe('b');
    expect(form.hasOwnProperty).toBe('c');
  });

  it('keeps __proto__ as a field and never changes the prototype', () => {
    // Prepare
    const text = '__proto__=x&__proto__=y';

    // Act
    const form = parseForm(text);

    // Assess
    expect(Object.getOwnPropertyDescriptor(form, '__proto__')?.value).toEqual(['x', 'y']);
    expect(Array.isArray(Object.getPrototypeOf(form))).toBe(false);
  });
});
