import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { devKeysDir, writeAtomically } from './dev-issuer';

/**
 * A local twin's server secret (what Secrets Manager holds in AWS): 256 random bits, made once in
 * the git-ignored keys folder next to the dev issuer's key, so answers sealed (idempotency) or
 * tokens signed (newsletters) before a restart still work after it. Safe when several processes
 * race: the first one written wins. Answers the file's path, for IDEMPOTENCY_SECRET_FILE or
 * NEWSLETTER_SECRET_FILE.
 */
export function ensureDevSecret(
  dir = devKeysDir(),
  name: 'idempotency-secret' | 'newsletter-secret' = 'idempotency-secret',
): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, name);
  if (!existsSync(file))
    writeAtomically(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, exclusive: true });
  return file;
}
