import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console's sources have a tsconfig of their own (DOM and JSX, console/tsconfig.json) and the
 * build (esbuild) strips types without checking them, so this is where a type error in console/src
 * fails the suite (`npm run typecheck` runs the same check).
 */
const root = resolve(import.meta.dirname, '../..');

describe('console sources', () => {
  it('type-check against the generated API types (`tsc -p console`)', { timeout: 60_000 }, () => {
    // Act
    const checked = spawnSync(join(root, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'console'], {
      cwd: root,
      encoding: 'utf8',
    });

    // Assess
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });
});
