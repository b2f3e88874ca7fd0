import { createHash, timingSafeEqual } from 'node:crypto';

/** The stored form of a cart token: only its hash is kept (a leaked table holds no usable token). */
export function hashCartToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a token is the one whose hash is stored; compared in constant time. */
export function cartTokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashCartToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
