import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The tokens of the newsletter's double opt-in (docs/catalog.md "Newsletters"): HMAC-SHA256 with a
 * key of the shop's own, bound to the shop, the campaign and the address (in any case), so a token
 * works for nothing else and nobody without the key can make one. A confirm token also carries its
 * expiry; an unsubscribe token never expires (the link in every newsletter must keep working).
 */

/** How long a confirm token is good for (its mail's link). */
export const CONFIRM_TOKEN_DAYS = 7;

/** What a token is bound to. */
export interface TokenBinding {
  shopId: string;
  campaignId: string;
  email: string;
}

/**
 * The shop's key, derived from the stack's newsletter secret: one shop's tokens never verify in
 * another's, even where shops share a secret (the local twin).
 */
export function newsletterKey(secret: Buffer, shopId: string): Buffer {
  return createHmac('sha256', secret).update(`newsletter-tokens\n${shopId}`).digest();
}

/** The address's unsubscribe token (`?token=` of DELETE .../subscribers/{email}). */
export function unsubscribeToken(key: Buffer, binding: TokenBinding): string {
  return mac(key, 'unsubscribe', binding).toString('base64url');
}

/** Whether `token` is the address's unsubscribe token; compared in constant time. */
export function isUnsubscribeToken(key: Buffer, binding: TokenBinding, token: string): boolean {
  return sameToken(token, unsubscribeToken(key, binding));
}

/**
 * A confirm token: the address as stored (base64url), the expiry in Unix seconds and the signature
 * over both, the shop and the campaign: `<address>.<expiry>.<signature>`.
 */
export function signConfirmToken(key: Buffer, binding: TokenBinding, expiresOn: Date): string {
  const expiry = Math.floor(expiresOn.getTime() / 1000);
  const signature = mac(key, `confirm\n${expiry}`, binding).toString('base64url');
  return `${Buffer.from(binding.email, 'utf8').toString('base64url')}.${expiry}.${signature}`;
}

/** When a confirm token made now expires. */
export function confirmExpiry(now: Date): Date {
  return new Date(now.getTime() + CONFIRM_TOKEN_DAYS * 24 * 3600 * 1000);
}

/**
 * The address a confirm token was signed for, when the token is well formed, signed with this key
 * for this shop and campaign, and not expired at `now`; undefined otherwise (forged, another
 * campaign's, expired, garbage: the caller answers all alike).
 */
export function readConfirmToken(
  key: Buffer,
  token: string,
  scope: Omit<TokenBinding, 'email'>,
  now: Date,
): { email: string; expiresOn: string } | undefined {
  const match = /^([A-Za-z0-9_-]{1,400})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, address, expiry, signature] = match as unknown as [string, string, string, string];
  const email = Buffer.from(address, 'base64url').toString('utf8');
  const expected = mac(key, `confirm\n${expiry}`, { ...scope, email });
  if (!sameBytes(Buffer.from(signature, 'base64url'), expected)) return undefined;
  const expiresAt = Number(expiry) * 1000;
  if (expiresAt <= now.getTime()) return undefined;
  return { email, expiresOn: new Date(expiresAt).toISOString() };
}

function mac(key: Buffer, purpose: string, binding: TokenBinding): Buffer {
  // JSON keeps the parts apart whatever they hold (no separator can be smuggled into one).
  const parts = [purpose, binding.shopId, binding.campaignId, binding.email.trim().toLowerCase()];
  return createHmac('sha256', key).update(JSON.stringify(parts)).digest();
}

/** Whether two tokens are the same, compared in constant time. */
export function sameToken(a: string, b: string): boolean {
  return sameBytes(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Constant-time equality (timingSafeEqual throws on different lengths, which are no secret). */
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
