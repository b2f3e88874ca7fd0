import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { MiddlewareObj } from '@middy/core';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { FetchError, JwtBaseError, JwtExpiredError } from 'aws-jwt-verify/error';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { type Config, config } from '../../config';
import { log } from '../../log';
import type { Route } from '../../routes';
import { speedTrickOn } from '../../speed/switches';
import { Forbidden, ServiceUnavailable } from '../errors';
import type { ApiContext, ApiEvent, ApiResult, Principal } from '../types';

/**
 * contract "Authentication and scopes": an RS256 bearer JWT verified by aws-jwt-verify against the
 * deployment's issuer, bound to the path's shop by its `shop` claim, carrying the route's scope.
 * Every failure is 403 with a message that names the rule, never the token.
 */
export function auth(route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: async (request) => {
      const payload = await verifyBearer(request.event.headers?.authorization);
      const principal = principalOf(payload, request.event.headers?.authorization ?? '');
      const shopId = request.event.pathParameters?.shopId;
      if (!shopId || principal.shopId !== shopId) throw new Forbidden('Token is not valid for this shop');
      if (route.scope && !principal.scopes.has(route.scope))
        throw new Forbidden(`Missing scope ${route.scope}`);
      request.context.api.principal = principal;
    },
  };
}

/** Whether a principal holds a scope (for rules beyond the route's own, like includeInvisible). */
export function hasScope(principal: Principal | undefined, scope: string): boolean {
  return principal?.scopes.has(scope) ?? false;
}

async function verifyBearer(header: string | undefined): Promise<JwtPayload> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) throw new Forbidden('Missing bearer token');
  const token = match[1] as string;
  const { verifier, local, verified } = verifierFor(config());
  const now = Date.now();
  const known = speedTrickOn('verified-tokens') ? verified.get(token) : undefined;
  if (known && now < known.until) return known.payload;
  try {
    const payload = local ? verifier.verifySync(token) : await verifier.verify(token);
    remember(verified, token, payload, now);
    return payload;
  } catch (error) {
    if (error instanceof FetchError) {
      log.error('JWKS not reachable', { error: { name: error.name, message: error.message } });
      throw new ServiceUnavailable(5);
    }
    if (error instanceof JwtExpiredError) throw new Forbidden('Token expired');
    if (error instanceof JwtBaseError) throw new Forbidden('Invalid token');
    throw error;
  }
}

function principalOf(payload: JwtPayload, authorization: string): Principal {
  // aws-jwt-verify checks exp only when present; a token that never expires is refused.
  if (typeof payload.exp !== 'number') throw new Forbidden('Token has no expiry');
  const shopId = payload.shop;
  if (typeof shopId !== 'string') throw new Forbidden('Token has no shop claim');
  const scope = typeof payload.scope === 'string' ? payload.scope : '';
  return {
    subject: typeof payload.sub === 'string' ? payload.sub : '',
    tokenId: createHash('sha256').update(authorization).digest('base64url').slice(0, 22),
    shopId,
    // Identity providers prefix scopes with the resource server ("shop-api/carts_read").
    scopes: new Set(
      scope
        .split(/\s+/)
        .filter(Boolean)
        .map((s) => s.slice(s.lastIndexOf('/') + 1)),
    ),
  };
}

type Verifier = ReturnType<typeof createVerifier>;
/** A verified token's claims, valid for reuse until `until` (ms). */
type Verified = { payload: JwtPayload; until: number };
let cached: { verifier: Verifier; local: boolean; from: Config; verified: Map<string, Verified> } | undefined;

/** How many verified tokens an instance keeps, and for how long at most (a JWKS change applies by then). */
const VERIFIED_TOKENS = 1000;
const VERIFIED_FOR_MS = 5 * 60 * 1000;

/**
 * Keeps a verified token's claims so the same token's next requests skip the RS256 signature check
 * (the larger part of the pipeline's own time, issue "Performance"): the key is the whole token
 * text, so only the very token that passed verification is ever served from here, and never past
 * its `exp` (or five minutes); oldest entries go first.
 */
function remember(verified: Map<string, Verified>, token: string, payload: JwtPayload, now: number): void {
  if (typeof payload.exp !== 'number') return;
  if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
  verified.set(token, { payload, until: Math.min(payload.exp * 1000, now + VERIFIED_FOR_MS) });
}

/** One verifier per configuration; a local JWKS file is cached so verification never goes online. */
function verifierFor(cfg: Config) {
  if (cached?.from !== cfg) {
    const verifier = createVerifier(cfg);
    const local = cfg.AUTH_JWKS_FILE !== undefined;
    if (cfg.AUTH_JWKS_FILE) verifier.cacheJwks(JSON.parse(readFileSync(cfg.AUTH_JWKS_FILE, 'utf8')));
    cached = { verifier, local, from: cfg, verified: new Map() };
  }
  return cached;
}

function createVerifier(cfg: Config) {
  return JwtRsaVerifier.create({
    issuer: cfg.AUTH_ISSUER,
    audience: cfg.AUTH_AUDIENCE === '' ? null : cfg.AUTH_AUDIENCE,
    jwksUri: cfg.AUTH_JWKS_URI ?? `${cfg.AUTH_ISSUER.replace(/\/$/, '')}/.well-known/jwks.json`,
  });
}
