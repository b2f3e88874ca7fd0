import { existsSync } from 'node:fs';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext, loadHandler } from '../../infra/local/lambda-runtime';
import { loadSampleEvent, sampleEventFile } from '../../infra/local/sample-event';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { routeList } from '../../lib/routes';
import { useLocalTable } from '../support/local-env';
import { succeeded } from '../support/routes';

beforeAll(() => useLocalTable());

describe('sample events (npm run invoke)', () => {
  it.each(routeList.map((route) => [route.name, route] as const))(
    '%s has a sample event that its handler answers with 2xx (the export: its 303)',
    async (_, route) => {
      // Prepare
      expect(existsSync(sampleEventFile(route)), sampleEventFile(route)).toBe(true);
      const event = await loadSampleEvent(route);

      // Act
      const handler = await loadHandler(route.handler);
      const result = (await handler(event, lambdaContext(route.name))) as APIGatewayProxyStructuredResultV2;

      // Assess
      expect(event.routeKey).toBe(`${route.method} ${route.path}`);
      expect(succeeded(result.statusCode ?? 0), `${result.statusCode} ${String(result.body)}`).toBe(true);
      expect(result.headers?.['X-Service-Media-Type']).toBe(MEDIA_TYPE_V1);
    },
  );
});
