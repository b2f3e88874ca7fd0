import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every .ts file under a folder of the repository, relative to its root. */
function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => relative(root, join(root, folder, f)));
}

/**
 * The repository paths a file's relative imports resolve to: static imports, `import type`,
 * `export … from` and dynamic `import()` (TypeScript's own scanner, so comments and strings that
 * merely look like imports do not count). Package imports are left out.
 */
function relativeTargets(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(root, resolve(root, dirname(file), spec)));
}

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
];

describe('import direction of the layers', () => {
  it.each(rules)('$from reaches nothing under $mustNotReach', ({ from, mustNotReach }) => {
    // Prepare
    const files = sources(from);

    // Act
    const reached = files.flatMap((file) =>
      relativeTargets(file)
        .filter((target) => target === mustNotReach || target.startsWith(`${mustNotReach}/`))
        .map((target) => `${file} → ${target}`),
    );

    // Assess
    expect(files.length).toBeGreaterThan(10);
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
    const specs = ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName);

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
