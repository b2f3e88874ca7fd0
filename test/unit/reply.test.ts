import { describe, expect, it } from 'vitest';
import { created, noContent, ok, toResult } from '../../lib/http/reply';

describe('reply helpers', () => {
  it('build 200, 201 and 204 replies', () => {
    // Prepare
    const body = { cartId: 'c1' };

    // Act
    const replies = [ok(body), created(body, { 'X-Service-Cart-Token': 't' }), noContent()];

    // Assess
    expect(replies).toEqual([
      { status: 200, body, headers: undefined },
      { status: 201, body, headers: { 'X-Service-Cart-Token': 't' } },
      { status: 204 },
    ]);
  });
});

describe('toResult', () => {
  it('writes JSON with a UTF-8 content type', () => {
    // Prepare
    const reply = ok({ name: 'Grüße', amount: 12.99 });

    // Act
    const result = toResult(reply);

    // Assess
    expect(result).toEqual({
      statusCode: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"name":"Grüße","amount":12.99}',
    });
  });

  it('keeps the reply headers', () => {
    // Prepare
    const reply = created({ id: 1 }, { Location: '/demo/carts/1' });

    // Act
    const result = toResult(reply);

    // Assess
    expect(result.statusCode).toBe(201);
    expect(result.headers).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      Location: '/demo/carts/1',
    });
  });

  it('sends neither body nor content type for 204', () => {
    // Prepare
    const replies = [noContent(), { status: 204, body: { ignored: true } }];

    // Act
    const results = replies.map(toResult);

    // Assess
    for (const result of results) expect(result).toEqual({ statusCode: 204, headers: {}, body: '' });
  });

  it('writes JSON null and bare arrays as bodies', () => {
    // Prepare
    const replies = [ok(null), ok([])];

    // Act
    const results = replies.map(toResult);

    // Assess
    expect(results.map((r) => r.body)).toEqual(['null', '[]']);
  });
});
