/**
 * PLACEHOLDER, to be replaced by the real generator (`npm run openapi`, lib/routes.ts + zod schemas):
 * writes a minimal openapi.json from the route table so the docs page has a document to show.
 * `npx tsx infra/local/openapi-placeholder.ts > openapi.json`
 */
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { routeList, SCOPES } from '../../lib/routes';

const paths: Record<string, Record<string, unknown>> = {};
for (const route of routeList) {
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  paths[route.path] ??= {};
  (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = {
    operationId: route.name,
    ...(params.length > 0 ? { parameters: params } : {}),
    // Either scheme: a client-credentials token, or a pasted bearer JWT (the docs page's Authorize).
    security: [{ oauth2: route.scope ? [route.scope] : [] }, { bearerAuth: [] }],
    responses: { '200': { description: 'OK', content: { [MEDIA_TYPE_V1]: { schema: { type: 'object' } } } } },
  };
}

const document = {
  openapi: '3.1.0',
  info: { title: 'Shop API (placeholder document)', version: '1.0.0' },
  paths,
  components: {
    securitySchemes: {
      oauth2: {
        type: 'oauth2',
        flows: {
          clientCredentials: {
            tokenUrl: '/oauth2/token',
            scopes: Object.fromEntries(SCOPES.map((s) => [s, s])),
          },
        },
      },
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
  },
};

process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
