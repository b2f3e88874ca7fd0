import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { HttpReply } from './from-api-result';

/** Where the docs page lives on the local twin. */
export const DOCS_PATH = '/docs';

const ASSETS = join(import.meta.dirname, 'docs-assets');
// Swagger UI from node_modules (no CDN: the page works offline, on the pinned version).
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files the page loads: our page and initializer, and Swagger UI's own files. */
const FILES: Record<string, { file: string; type: string }> = {
  '': { file: join(ASSETS, 'index.html'), type: 'text/html; charset=utf-8' },
  'swagger-initializer.js': {
    file: join(ASSETS, 'swagger-initializer.js'),
    type: 'text/javascript; charset=utf-8',
  },
  'swagger-ui.css': { file: join(SWAGGER_UI, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: join(SWAGGER_UI, 'swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
  'favicon-32x32.png': { file: join(SWAGGER_UI, 'favicon-32x32.png'), type: 'image/png' },
};

/**
 * The local twin's interactive API reference (Swagger UI on GET /openapi.json) at /docs, or
 * undefined for any other request. Local only: the stack serves the document, not the page
 * (docs/api-rules.md "Transport": the API never answers HTML).
 */
export async function docsPageReply(method: string, path: string): Promise<HttpReply | undefined> {
  if (method !== 'GET' || (path !== DOCS_PATH && !path.startsWith(`${DOCS_PATH}/`))) return undefined;
  const entry = FILES[path.slice(DOCS_PATH.length + 1)];
  if (!entry) return undefined;
  const body = await readFile(entry.file);
  return {
    statusCode: 200,
    headers: [
      ['content-type', entry.type],
      ['cache-control', 'no-cache'],
    ],
    body,
  };
}
