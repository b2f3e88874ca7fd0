import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildConsoleFiles } from '../../console/build';
import { routeList } from '../../lib/routes';

/** Figures the README quotes, read off the code, so they cannot go stale (DEVELOPERS: figures come from the code). */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README figures', () => {
  it('names as many routes as the route table holds', () => {
    // Act
    const quoted = /\((\d+) routes, listed below\)/.exec(readme)?.[1];

    // Assess
    expect(Number(quoted)).toBe(routeList.length);
  });

  it("gives the console's JavaScript as it builds, gzipped, to the kilobyte", async () => {
    // Act
    const files = await buildConsoleFiles();
    const scripts = files.filter((file) => file.path.endsWith('.js'));
    const gzipped = scripts.reduce((sum, file) => sum + gzipSync(file.contents).length, 0);
    const quoted = /about (\d+) KB of JavaScript gzipped/.exec(readme)?.[1];

    // Assess
    expect(scripts.length).toBeGreaterThan(0);
    expect(Number(quoted)).toBe(Math.round(gzipped / 1024));
  });
});
