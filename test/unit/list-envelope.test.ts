import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, listEnvelope } from '../../lib/domain/list-envelope';

const ctx = { baseUrl: 'https://api.example.com', shopId: 'demo', locale: 'en_GB' };

describe('list cursors', () => {
  it('round-trip the page that follows and the item it follows', () => {
    const cursor = { page: 3, after: '2026-11-23T10:00:00.000Z#01JD' };

    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('refuse what is not one of ours', () => {
    const made = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    expect(
      [
        'not base64 json',
        made({ page: 2, after: 'x' }),
        made([1, 'x']),
        made([2.5, 'x']),
        made([2, 7]),
        made([2, 'x'.repeat(301)]),
      ].map(decodeCursor),
    ).toEqual([null, null, null, null, null, null]);
  });
});

describe('listEnvelope', () => {
  const request = {
    path: 'carts',
    rawQuery: 'page=2&resultsPerPage=2&hasAddressData=true',
    page: 2,
    resultsPerPage: 2,
  };

  it("links the next page with the request's filters and a cursor instead of the page number", () => {
    const envelope = listEnvelope(ctx, request, { results: 5, last: 'k4' }, ['c', 'd']);

    const next = new URL(envelope.links[0]?.href as string);
    expect(envelope).toMatchObject({ results: 5, page: 2, resultsPerPage: 2, items: ['c', 'd'] });
    expect(envelope.links.map((l) => l.rel)).toEqual(['next']);
    expect(`${next.origin}${next.pathname}`).toBe('https://api.example.com/demo/carts');
    expect([...next.searchParams.keys()].sort()).toEqual(['cursor', 'hasAddressData', 'resultsPerPage']);
    expect(decodeCursor(next.searchParams.get('cursor') as string)).toEqual({ page: 3, after: 'k4' });
  });

  it('has no next link on the last page or past the end', () => {
    expect(listEnvelope(ctx, request, { results: 4, last: 'k4' }, ['c', 'd']).links).toEqual([]);
    expect(listEnvelope(ctx, request, { results: 9, last: undefined }, []).links).toEqual([]);
  });
});
