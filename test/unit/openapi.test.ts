import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiText } from '../../infra/openapi/generate';
import { routeList } from '../../lib/routes';
import { routeResponses } from '../../lib/schemas/responses/route-responses';
import { routeRequestSchemas } from '../../lib/schemas/route-schemas';

const root = resolve(import.meta.dirname, '../..');

describe('openapi.json', () => {
  it('is what `npm run openapi` generates now (regenerate it after changing routes or schemas)', () => {
    // Act
    const fresh = openApiText();

    // Assess
    expect(readFileSync(join(root, 'openapi.json'), 'utf8')).toBe(fresh);
  });

  it('documents every route of the route table with its scope', () => {
    // Prepare
    const document = JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8'));

    // Act
    const operations = routeList.map((r) => document.paths[r.path]?.[r.method.toLowerCase()]);

    // Assess
    expect(operations.map((o) => o?.operationId)).toEqual(routeList.map((r) => r.name));
    expect(operations.map((o) => o.security)).toEqual(
      routeList.map((r) => [{ oauth2: r.scope ? [r.scope] : [] }, { bearerAuth: [] }]),
    );
    expect(Object.keys(routeResponses).sort()).toEqual(routeList.map((r) => r.name).sort());
  });
});

describe('the request schema map (lib/schemas/route-schemas.ts)', () => {
  it('holds exactly the schemas each handler passes to endpoint()', async () => {
    for (const route of routeList) {
      // Prepare
      const source = readFileSync(join(root, route.handler), 'utf8');
      const call = /endpoint\(\s*routes\.(\w+),\s*\{([^}]*)\}/.exec(source);
      const imported = new Map<string, string>();
      for (const [, names, from] of source.matchAll(/import \{([^}]*)\} from '([^']+)'/g))
        for (const name of (names as string).split(',')) imported.set(name.trim(), from as string);

      // Act
      const passed: Record<string, unknown> = {};
      for (const part of (call?.[2] ?? '').split(',').filter((p) => p.trim())) {
        const [key, name] = part.split(':').map((s) => s.trim()) as [string, string];
        const module = await import(
          resolve(dirname(join(root, route.handler)), imported.get(name) as string)
        );
        passed[key] = module[name];
      }

      // Assess
      expect(call?.[1], route.handler).toBe(route.name);
      expect(routeRequestSchemas[route.name as keyof typeof routeRequestSchemas], route.name).toEqual(passed);
      for (const key of Object.keys(passed))
        expect((routeRequestSchemas as Record<string, Record<string, unknown>>)[route.name]?.[key]).toBe(
          passed[key],
        );
    }
  });
});

describe('response schemas stay out of the Lambda bundles', () => {
  it('no module a function imports (transitively) is a response schema, the schema map or the generator', () => {
    // Prepare
    const entries = readdirSync(join(root, 'functions'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(root, 'functions', f));

    // Act
    const reached = importsOf(entries).map((file) => relative(root, file));

    // Assess
    expect(reached.length).toBeGreaterThan(100);
    expect(
      reached.filter((f) => /^(lib\/schemas\/responses\/|lib\/schemas\/route-schemas|infra\/)/.test(f)),
    ).toEqual([]);
  });
});

/** Every file reachable from `entries` through relative static and dynamic imports. */
function importsOf(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/(?:from|import\s*\(?)\s*'(\.{1,2}\/[^']+)'/g)) {
      const base = resolve(dirname(file), spec as string);
      const target = [`${base}.ts`, join(base, 'index.ts'), base].find(
        (f) => existsSync(f) && f.endsWith('.ts'),
      );
      if (target) queue.push(target);
    }
  }
  return [...seen];
}
