import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing of replayable answers. A stored answer may hold a secret (a new cart's token), and
 * secrets are never stored readable: the answer is encrypted (AES-256-GCM) with a key derived
 * from the server's secret (lib/data/idempotency-secret.ts) together with the client's
 * Idempotency-Key, which is itself stored only as a hash. Whoever reads the table cannot open it,
 * not even by guessing a weak key, without the server secret; the server opens it for the client
 * that retries with its key (docs/security.md "Idempotency secret").
 */

/** The stored, non-reversible name of an Idempotency-Key for one caller. */
export function idempotencyKeyHash(callerId: string, key: string): string {
  return createHash('sha256').update(`${callerId}\u0000${key}`).digest('base64url');
}

/** The key of one answer: HKDF over HMAC(server secret, Idempotency-Key), salted with the caller. */
function sealingKey(secret: Buffer, callerId: string, key: string): Buffer {
  const keyed = createHmac('sha256', secret).update(key, 'utf8').digest();
  return Buffer.from(hkdfSync('sha256', keyed, callerId, 'shop-api idempotent answer v2', 32));
}

/** Encrypts an answer for storage. */
export function seal(secret: Buffer, callerId: string, key: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret, callerId, key), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Decrypts a stored answer; throws when the secret or the key does not match. */
export function unseal(secret: Buffer, callerId: string, key: string, sealed: string): string {
  const data = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret, callerId, key), data.subarray(0, 12));
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
}
