import { describe, expect, it } from 'vitest';
import { ok, toResult } from '../../lib/http/reply';
import { asciiJson, commaList, JsonText, jsonArray, jsonObject } from '../../lib/speed/json-text';

/**
 * Answers put together from JSON text parts (lib/json-text.ts) must read exactly as if the whole
 * value had gone through JSON.stringify.
 */
describe('JSON text', () => {
  it('puts objects and arrays of text parts together as JSON.stringify writes the whole value', () => {
    // Prepare
    const items = [
      { productId: 'a', name: 'Grüße “quoted”' },
      { productId: 'b', prices: [1, 2.5] },
    ];
    const whole = { results: 2, page: 1, skipped: undefined, items, query: 'x"y', facets: [{ n: null }] };

    // Act
    const text = jsonObject({
      results: 2,
      page: 1,
      skipped: undefined,
      items: jsonArray(items.map((item) => new JsonText(JSON.stringify(item)))),
      query: 'x"y',
      facets: new JsonText('[{"n":null}]'),
    }).text;

    // Assess
    expect(text).toBe(JSON.stringify(whole));
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(whole)));
  });

  it('writes empty lists and objects', () => {
    // Act
    const texts = [
      jsonArray([]).text,
      jsonObject({}).text,
      commaList([]),
      commaList(['1']),
      commaList(['1', '2']),
    ];

    // Assess
    expect(texts).toEqual(['[]', '{}', '', '1', '1,2']);
  });

  it('escapes every character beyond ASCII, so the text parses to the same value', () => {
    // Prepare
    const value = { name: 'Grüße – 10,00 €', emoji: '🚀', plain: 'a"b\\c', list: ['ß', 1, null] };

    // Act
    const text = asciiJson(value);
    const member = jsonObject({ query: 'Grüße' }).text;

    // Assess
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(text).toContain('\\u20ac');
    expect(JSON.parse(text)).toEqual(value);
    expect(asciiJson({ plain: 'abc' })).toBe('{"plain":"abc"}');
    expect(member).toBe('{"query":"Gr\\u00fc\\u00dfe"}');
    expect(JSON.parse(member)).toEqual({ query: 'Grüße' });
  });

  it('is sent as it is, with the JSON content type', () => {
    // Act
    const result = toResult(ok(new JsonText('{"a":[1,2]}')));

    // Assess
    expect(result).toEqual({
      statusCode: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"a":[1,2]}',
    });
  });
});
