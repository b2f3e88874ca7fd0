import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../lib/routes';

/**
 * The write path runs one way (STYLE rule 13): functions → lib/http → lib/use-cases → lib/domain,
 * lib/data. Read from the sources' import lines, so a new file is checked the day it is added.
 */

const root = resolve(import.meta.dirname, '../..');

/** Every module a source file imports (static, re-exported or dynamic): repo paths or package names. */
function importsOf(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map(
    (m) => m[1] as string,
  );
  return specifiers.map((s) =>
    s.startsWith('.') ? relative(root, resolve(dirname(join(root, file)), s)) : s,
  );
}

const useCaseFiles = readdirSync(join(root, 'lib/use-cases'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => `lib/use-cases/${f}`);

describe('lib/use-cases imports', () => {
  it('finds the use cases and reads their imports', () => {
    expect(useCaseFiles).toContain('lib/use-cases/add-line-item.ts');
    expect(importsOf('lib/use-cases/add-line-item.ts')).toContain('lib/use-cases/change-cart');
    expect(importsOf('lib/http/cart-reply.ts')).toContain('lib/domain/cart-etag');
  });

  it.each(useCaseFiles)('%s imports neither lib/http nor @middy', (file) => {
    const wrong = importsOf(file).filter((m) => m.startsWith('lib/http') || m.startsWith('@middy/'));
    expect(wrong).toEqual([]);
  });
});

describe('write handlers', () => {
  const writes = routeList.filter((r) => r.writes);

  it.each(writes.map((r) => [r.name, r.handler]))('%s (%s) hands the write to a use case', (_, handler) => {
    const imports = importsOf(handler);
    expect(imports.filter((m) => m.startsWith('lib/use-cases/'))).toHaveLength(1);
    // Loading and storing is the use case's job: the handler wires and renders.
    expect(imports.filter((m) => m.startsWith('lib/data/'))).toEqual([]);
  });
});
