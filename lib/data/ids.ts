import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';

const ulid = monotonicFactory();

/** A new sortable, unguessable id (ULID: 48-bit time + 80 random bits). */
export function newId(): string {
  return ulid();
}

/** A new secret of 256 random bits, URL-safe (cart tokens). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
