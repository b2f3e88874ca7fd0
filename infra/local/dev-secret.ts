import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { devKeysDir, writeAtomically } from './dev-issuer';

/**
 * The local twin's idempotency secret (what Secrets Manager holds in AWS): 256 random bits, made
 * once in the git-ignored keys folder next to the dev issuer's key, so answers sealed before a
 * restart still replay after it. Safe when several processes race: the first one written wins.
 * Answers the file's path, for IDEMPOTENCY_SECRET_FILE.
 */
export function ensureDevSecret(dir = devKeysDir()): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'idempotency-secret');
  if (!existsSync(file))
    writeAtomically(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, exclusive: true });
  return file;
}
