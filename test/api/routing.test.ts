import { describe, expect, it } from 'vitest';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { call } from '../support/api';

describe('routing (docs/api-rules.md "Errors and status codes")', () => {
  it.each(['/demo/nothing-here', '/', '/demo/carts/x/y/z/w'])(
    'answers 404 with a JSON body for %s',
    async (path) => {
      const response = await call(path);

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: '404', message: expect.any(String) });
      expect(response.headers.get('x-service-media-type')).toBe(MEDIA_TYPE_V1);
    },
  );

  it.each([
    ['DELETE', '/demo/products', 'GET, POST'],
    ['PUT', '/demo/carts', 'POST, GET'],
    ['PATCH', '/demo/carts/01ARZ3NDEKTSV4RRFFQ69G5FAV', 'GET'],
    ['GET', '/demo/carts/01ARZ3NDEKTSV4RRFFQ69G5FAV/line-items', 'POST'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const response = await call(path, { method });

    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(response.body).toEqual({ status: '405', message: 'Method Not Allowed' });
  });

  it('answers 404 for a shop that does not exist', async () => {
    const response = await call('/nosuchshop/products');

    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Shop not found');
  });
});
