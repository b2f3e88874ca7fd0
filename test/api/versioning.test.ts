import { describe, expect, it } from 'vitest';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { call } from '../support/api';
import { callSample, sampleRequests, succeeded } from '../support/routes';

describe('versioning (docs/api-rules.md "Transport")', () => {
  it.each([
    ['missing', null],
    ['*/*', '*/*'],
    ['application/json', 'application/json'],
    ['another version', 'application/vnd.service.v2+json'],
    ['a near miss', 'application/vnd.service.v1'],
  ])('answers 406 with the JSON error body for Accept %s', async (_, accept) => {
    // Act
    const response = await call('/demo/products', { accept });

    // Assess
    expect(response.status).toBe(406);
    expect(response.headers.get('x-service-media-type')).toBe(MEDIA_TYPE_V1);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.body).toMatchObject({ status: '406' });
  });

  it.each([MEDIA_TYPE_V1, 'APPLICATION/VND.SERVICE.V1+JSON', `text/html, ${MEDIA_TYPE_V1};q=0.9`])(
    'serves v1 for Accept %s',
    async (accept) => {
      const response = await call('/demo/products', { accept });

      expect(response.status).toBe(200);
      expect(response.headers.get('x-service-media-type')).toBe(MEDIA_TYPE_V1);
    },
  );

  it('stamps X-Service-Media-Type on every route, errors included', async () => {
    for (const sample of await sampleRequests()) {
      const ok = await callSample(sample);
      const refused = await callSample(sample, { token: null });

      expect(succeeded(ok.status), `${sample.route.name} ${ok.status}`).toBe(true);
      expect(ok.headers.get('x-service-media-type'), sample.route.name).toBe(MEDIA_TYPE_V1);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('x-service-media-type'), sample.route.name).toBe(MEDIA_TYPE_V1);
    }
    // Two requests on each of ~90 routes after preparing their samples: more than the default 20 s
    // when other files load the twin.
  }, 60_000);
});
