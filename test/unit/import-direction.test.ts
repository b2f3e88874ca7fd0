import { describe, expect, it } from 'vitest';
import { importSpecifiers, importTargets, sources } from './support/source-imports';

/**
 * The layers' direction (README "Layout"): functions → lib/http → lib/use-cases → lib/domain ←
 * lib/data. The domain owns its types and errors; HTTP maps them (lib/http/error-statuses.ts), the
 * schemas map onto them.
 */
const rules = [
  { from: 'lib/domain', mustNotReach: 'lib/http' },
  { from: 'lib/data', mustNotReach: 'lib/http' },
  { from: 'lib/domain', mustNotReach: 'lib/schemas' },
  { from: 'lib/data', mustNotReach: 'lib/schemas' },
  { from: 'lib/domain', mustNotReach: 'lib/data' },
  { from: 'lib/use-cases', mustNotReach: 'lib/http' },
  { from: 'lib/use-cases', mustNotReach: '@middy' },
  { from: 'lib/domain', mustNotReach: '@middy' },
  { from: 'lib/data', mustNotReach: '@middy' },
  { from: 'lib/speed', mustNotReach: 'lib/http' },
  // The console is a client like any other (docs/console.md): the API through openapi.json only.
  { from: 'console/src', mustNotReach: 'lib' },
  { from: 'console/src', mustNotReach: 'functions' },
  { from: 'console/src', mustNotReach: 'infra' },
];

describe('import direction of the layers', () => {
  it.each(rules)('$from reaches nothing under $mustNotReach', ({ from, mustNotReach }) => {
    // Prepare
    const files = sources(from);

    // Act
    const reached = files.flatMap((file) =>
      importTargets(file)
        .filter((target) => target === mustNotReach || target.startsWith(`${mustNotReach}/`))
        .map((target) => `${file} → ${target}`),
    );

    // Assess
    expect(files.length).toBeGreaterThan(0);
    expect(reached).toEqual([]);
  });

  it('sees every kind of import a file can write', () => {
    // Prepare: one file of each kind, as the scanner reads it.
    const text = [
      "import { a } from '../schemas/a';",
      "import type { B } from '../schemas/b';",
      "export { c } from '../schemas/c';",
      "export type { D } from '../schemas/d';",
      "const e = await import('../schemas/e');",
      "// import { f } from '../schemas/f';",
      "import { g } from 'zod';",
    ].join('\n');

    // Act
    const specs = importSpecifiers(text);

    // Assess
    expect(specs).toEqual([
      '../schemas/a',
      '../schemas/b',
      '../schemas/c',
      '../schemas/d',
      '../schemas/e',
      'zod',
    ]);
  });
});
