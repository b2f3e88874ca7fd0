import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config';

const root = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the test commands', () => {
  it('are the same in the README, in CI and in package.json: npm test runs every project', () => {
    // Prepare
    const tests = read('README.md').split('\n## Tests\n')[1] ?? '';
    const ciLines = read('.ci/run')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const projects = (config.test?.projects ?? []).map((project) =>
      typeof project === 'object' && 'test' in project ? project.test?.name : undefined,
    );

    // Act
    const readmeCommand = /```bash\n([^\n]+)\n```/.exec(tests)?.[1];

    // Assess
    expect(readmeCommand).toBe('npm test');
    expect(ciLines.at(-1)).toBe(readmeCommand);
    expect(scripts.test).toBe('vitest run');
    expect(projects).toEqual(['unit', 'api', 'rehearsal', 'slow']);
    for (const name of projects) {
      expect(scripts[`test:${name}`]).toBe(`vitest run --project ${name}`);
      expect(tests).toContain(`npm run test:${name}`);
    }
  });
});
