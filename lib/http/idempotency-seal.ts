import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing of replayable answers. A stored answer may hold a secret (a new cart's token), and
 * secrets are never stored readable: the answer is encrypted (AES-256-GCM) with a key derived
 * from the client's Idempotency-Key, which is itself stored only as a hash. Whoever reads the
 * table cannot open it; the client that retries with its key can.
 */

/** The stored, non-reversible name of an Idempotency-Key for one caller. */
export function idempotencyKeyHash(callerId: string, key: string): string {
  return createHash('sha256').update(`${callerId}\u0000${key}`).digest('base64url');
}

function sealingKey(callerId: string, key: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, callerId, 'shop-api idempotent answer', 32));
}

/** Encrypts an answer for storage. */
export function seal(callerId: string, key: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(callerId, key), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Decrypts a stored answer; throws when the key does not match. */
export function unseal(callerId: string, key: string, sealed: string): string {
  const data = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(callerId, key), data.subarray(0, 12));
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
}
