import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Every .ts file under a folder of the repository, relative to its root. */
export function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => relative(root, join(root, folder, f)));
}

/** What a source text imports, as written: static, `import type`, `export … from` and `import()`. */
export function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName);
}

/**
 * What a file imports: relative imports as repository paths (`lib/http/errors`), packages by name.
 * TypeScript's own scanner reads them, so comments and strings that look like imports do not count.
 */
export function importTargets(file: string): string[] {
  return importSpecifiers(readFileSync(join(root, file), 'utf8')).map((spec) =>
    spec.startsWith('.') ? relative(root, resolve(root, dirname(file), spec)) : spec,
  );
}
