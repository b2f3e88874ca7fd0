import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
});
