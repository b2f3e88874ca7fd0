import { readFileSync, writeFileSync } from 'node:fs';
import { type Examples, openApiDocument } from './document';

/**
 * openapi.json as text: the document with the recorded examples (infra/openapi/examples.json,
 * `npm run openapi:examples`). The stale test compares this text with the committed file.
 */
export function openApiText(): string {
  const examples = JSON.parse(readFileSync(new URL('./examples.json', import.meta.url), 'utf8')) as Examples;
  return `${JSON.stringify(openApiDocument(examples), null, 2)}\n`;
}

if (process.argv[1]?.endsWith('generate.ts')) {
  writeFileSync(new URL('../../openapi.json', import.meta.url), openApiText());
}
