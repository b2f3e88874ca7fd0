import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sectionNamesOf } from '../support/doc-links';

/**
 * The repository stands alone: a clone has no specification or design notes beside it, so no file
 * may send its reader to one. The rules the code follows are stated in docs/ (docs/api-rules.md and
 * each area's page), and comments point there. The names are built from parts so that this file does
 * not name them itself.
 */
const OUTSIDE_FILES = [
  ['merchant-api', 'md'],
  ['contract', 'md'],
  ['shop-api', 'md'],
  ['DESIGN', 'md'],
  ['STYLE', 'md'],
].map((parts) => parts.join('.'));
const OUTSIDE_FOLDER = ['..', 'shared'].join('/');

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const outsideReference = new RegExp(
  [...OUTSIDE_FILES.map((name) => `(?<![\\w-])${literal(name)}`), literal(OUTSIDE_FOLDER)].join('|'),
);

/** The repository's tracked text files (binary files, those holding a NUL byte, skipped), with their text. */
function trackedTextFiles(): { file: string; text: string }[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').includes('node_modules'))
    .flatMap((file) => {
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(repoRoot, file));
      } catch {
        return []; // listed but deleted in the work tree
      }
      return bytes.includes(0) ? [] : [{ file, text: bytes.toString('utf8') }];
    });
}

/**
 * Why `docs/<page>.md "Section"` named at `where` leads nowhere, or undefined. A comment may name a
 * section by the start of its heading or bold label (`"Updated products"` for "Updated products:
 * `GET /products/updated/{stocklevel|attributes}`"), cut where a word ends.
 */
function brokenSection(where: string, page: string, section: string): string | undefined {
  const path = join(repoRoot, page);
  if (!existsSync(path)) return `${where}: no file ${page}`;
  const wanted = section.toLowerCase();
  const names = [...sectionNamesOf(readFileSync(path, 'utf8'))];
  const found = names.some(
    (name) => name.startsWith(wanted) && !/[\p{L}\p{N}]/u.test(name[wanted.length] ?? ''),
  );
  return found ? undefined : `${where}: ${page} has no heading or bold label "${section}"`;
}

/** `file:line: text` of every line matching `pattern`. */
function linesMatching(files: { file: string; text: string }[], pattern: RegExp): string[] {
  return files.flatMap(({ file, text }) =>
    text
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('the repository stands alone', () => {
  const files = trackedTextFiles();

  it('names no specification or design file outside it', () => {
    // Act
    const found = linesMatching(files, outsideReference);

    // Assess
    expect(files.length).toBeGreaterThan(500);
    expect(files.map(({ file }) => file)).toContain('lib/routes.ts');
    expect(found).toEqual([]);
  });

  it('finds such a reference wherever a line holds one', () => {
    // Prepare
    const sample = [
      { file: 'lib/a.ts', text: `/** (${OUTSIDE_FILES[0]} §2 "Watchers") */\nconst a = 1;` },
      { file: 'docs/b.md', text: `fine\nsee ${OUTSIDE_FOLDER}/spec/${OUTSIDE_FILES[1]}` },
      { file: 'test/c.ts', text: `// ${OUTSIDE_FILES[4]} rule 10\n// docs/decisions.md "Check order"` },
    ];

    // Act
    const found = linesMatching(sample, outsideReference);

    // Assess
    expect(found.map((line) => line.split(': ')[0])).toEqual(['lib/a.ts:1', 'docs/b.md:2', 'test/c.ts:1']);
  });

  it('takes a section by its heading or the start of it, cut where a word ends', () => {
    // Act
    const verdicts = ['Updated products', 'Watchers', 'The rules', 'Updated prod', 'No such section'].map(
      (section) => brokenSection('x.ts:1', 'docs/inventory.md', section) === undefined,
    );

    // Assess
    expect(verdicts).toEqual([true, true, true, false, false]);
    expect(brokenSection('x.ts:1', 'docs/no-such-page.md', 'Watchers')).toBe(
      'x.ts:1: no file docs/no-such-page.md',
    );
  });

  it('points code comments at docs sections that exist', () => {
    // Prepare: `docs/inventory.md "Watchers"` in source files (the Markdown has its own test,
    // doc-links, whose own cases name a section that does not exist on purpose).
    const sources = files.filter(
      ({ file }) => /\.(ts|js|mjs|yaml)$/.test(file) && file !== 'test/unit/doc-links.test.ts',
    );

    // Act
    const named = sources.flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, index) =>
        [...line.matchAll(/(docs\/[\w-]+\.md) "([^"]+)"/g)].map(([, page, section]) => ({
          where: `${file}:${index + 1}`,
          page: page as string,
          section: section as string,
        })),
      ),
    );
    const broken = named
      .map(({ where, page, section }) => brokenSection(where, page, section))
      .filter(Boolean);

    // Assess
    expect(named.length).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});
