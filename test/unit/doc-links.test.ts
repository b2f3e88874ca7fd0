import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  anchorsOf,
  brokenReference,
  githubSlug,
  markdownFiles,
  referencesOf,
  repoRoot,
} from '../support/doc-links';

describe('links of README.md and docs/', () => {
  it('all resolve: files and folders exist, anchors name headings, sections exist, addresses are well-formed', () => {
    // Prepare
    const files = markdownFiles();

    // Act
    const found = files.flatMap((file) =>
      referencesOf(readFileSync(join(repoRoot, file), 'utf8')).map((reference) => ({ file, reference })),
    );
    const broken = found.map(({ file, reference }) => brokenReference(file, reference)).filter(Boolean);

    // Assess
    expect(broken).toEqual([]);
    expect(files).toContain('docs/decisions.md');
    // The reader found what the docs hold (it cannot pass by finding nothing).
    expect(found.filter(({ reference }) => reference.kind === 'link').length).toBeGreaterThan(15);
    expect(found.filter(({ reference }) => reference.kind === 'path').length).toBeGreaterThan(100);
    expect(found.filter(({ reference }) => reference.kind === 'section').length).toBeGreaterThan(5);
  });
});

describe('the link reader', () => {
  it('makes anchors as GitHub does', () => {
    // Act
    const anchors = anchorsOf(
      '# Performance\n## Scale: `npm run bench:scale`\n```\n## not a heading\n```\n## Data: one table\n## Data: one table\n',
    );

    // Assess
    expect([...anchors]).toEqual([
      'performance',
      'scale-npm-run-benchscale',
      'data-one-table',
      'data-one-table-1',
    ]);
    expect(githubSlug('The [docs](x.md) page, `GET /openapi.json`')).toBe('the-docs-page-get-openapijson');
  });

  it('finds links, bare paths and named sections, and reports each broken one', () => {
    // Prepare
    const markdown = [
      'See [the data model](docs/data-model.md#the-table), [nowhere](docs/nowhere.md) and [top](#tests).',
      '[spec]: https://example.org/spec',
      'Code in `lib/routes.ts`, `lib/none.ts`, `functions/<group>/<verb>.ts`; docs/decisions.md "Check order",',
      'docs/decisions.md "No such decision", and <https://example.org> or [bad](https://)',
      '```bash',
      'npm run import -- --file infra/local/seed/demo.json   # [not](a-link.md)',
      '```',
      '## Tests',
    ].join('\n');

    // Act
    const references = referencesOf(markdown);
    const broken = references.map((reference) => brokenReference('README.md', reference)).filter(Boolean);

    // Assess
    expect(references.map((r) => `${r.kind} ${r.line} ${r.target}`)).toEqual([
      'link 1 docs/data-model.md#the-table',
      'link 1 docs/nowhere.md',
      'link 1 #tests',
      'path 1 docs/data-model.md',
      'path 1 docs/nowhere.md',
      'link 2 https://example.org/spec',
      'path 3 lib/routes.ts',
      'path 3 lib/none.ts',
      'path 3 docs/decisions.md',
      'section 3 docs/decisions.md "Check order"',
      'link 4 https://',
      'link 4 https://example.org',
      'path 4 docs/decisions.md',
      'section 4 docs/decisions.md "No such decision"',
      'path 6 infra/local/seed/demo.json',
    ]);
    expect(broken).toEqual([
      'README.md:1: docs/data-model.md#the-table: no heading with anchor #the-table in docs/data-model.md',
      'README.md:1: docs/nowhere.md: no file docs/nowhere.md',
      'README.md:1: no file or folder docs/nowhere.md',
      'README.md:3: no file or folder lib/none.ts',
      'README.md:4: https:// is not a well-formed http(s) address',
      'README.md:4: docs/decisions.md has no heading or bold label "No such decision"',
    ]);
  });
});
