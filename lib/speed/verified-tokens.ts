import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { speedTrickOn } from './switches';

/**
 * Speed trick `verified-tokens`: a verified bearer token's claims are kept, so the same token's next
 * requests skip the RS256 signature check (JSON parsing and a signature check were the larger part
 * of the pipeline's own time). The key is the whole token text, so only the very token that passed
 * verification is ever served from here, and never past its `exp` (or five minutes, by when a JWKS
 * change applies); 1,000 tokens at most, oldest first out. What it saves: docs/performance.md
 * "Speed tricks" (every endpoint; bench: `--only search` with and without). Off:
 * `SPEED_TRICKS_OFF=verified-tokens` verifies every request's token.
 */

/** How many verified tokens an instance keeps, and for how long at most. */
const VERIFIED_TOKENS = 1000;
const VERIFIED_FOR_MS = 5 * 60 * 1000;

/** The verified tokens of one verifier (lib/http/middleware/auth.ts keeps one per configuration). */
export class VerifiedTokens {
  private readonly verified = new Map<string, { payload: JwtPayload; until: number }>();

  /** The claims of a token verified before and still valid at `now` (ms); undefined otherwise. */
  claimsOf(token: string, now: number): JwtPayload | undefined {
    if (!speedTrickOn('verified-tokens')) return undefined;
    const known = this.verified.get(token);
    return known && now < known.until ? known.payload : undefined;
  }

  /** Keeps a token that passed verification at `now` (ms); a token without `exp` is not kept. */
  remember(token: string, payload: JwtPayload, now: number): void {
    if (!speedTrickOn('verified-tokens') || typeof payload.exp !== 'number') return;
    if (this.verified.size >= VERIFIED_TOKENS)
      this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { payload, until: Math.min(payload.exp * 1000, now + VERIFIED_FOR_MS) });
  }
}
