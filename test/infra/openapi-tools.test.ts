import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The two tool runs over openapi.json (seconds each, so in the slow project; test/unit/openapi.test.ts
 * checks in-process that the document is current).
 */
const root = resolve(import.meta.dirname, '../..');

describe('openapi.json, checked by its tools', () => {
  it('passes `redocly lint` (recommended-strict: no errors, no warnings)', { timeout: 60_000 }, () => {
    // Act
    const lint = spawnSync(
      join(root, 'node_modules/.bin/redocly'),
      ['lint', 'openapi.json', '--format=summary'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );

    // Assess
    expect(lint.stdout + lint.stderr).toContain('Your API description is valid');
    expect(lint.status).toBe(0);
  });

  it('has typed-client types that are current (`npm run openapi` regenerates them)', {
    timeout: 60_000,
  }, () => {
    // Act: openapi-typescript as `npm run openapi` runs it, to standard output
    const fresh = spawnSync(join(root, 'node_modules/.bin/openapi-typescript'), ['openapi.json'], {
      cwd: root,
      encoding: 'utf8',
    });

    // Assess
    expect(fresh.status).toBe(0);
    expect(readFileSync(join(root, 'examples/client/shop-api-types.ts'), 'utf8')).toBe(fresh.stdout);
  });
});
