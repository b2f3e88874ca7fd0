import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { MiddlewareObj } from '@middy/core';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { FetchError, JwtBaseError, JwtExpiredError } from 'aws-jwt-verify/error';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { type Config, config } from '../../config';
import { log } from '../../log';
import type { Route } from '../../routes';
import { VerifiedTokens } from '../../speed/verified-tokens';
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
  const known = verified.claimsOf(token, now);
  if (known) return known;
  try {
    const payload = local ? verifier.verifySync(token) : await verifier.verify(token);
    verified.remember(token, payload, now);
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
let cached: { verifier: Verifier; local: boolean; from: Config; verified: VerifiedTokens } | undefined;

/** One verifier per configuration; a local JWKS file is cached so verification never goes online. */
function verifierFor(cfg: Config) {
  if (cached?.from !== cfg) {
    const verifier = createVerifier(cfg);
    const local = cfg.AUTH_JWKS_FILE !== undefined;
    if (cfg.AUTH_JWKS_FILE) verifier.cacheJwks(JSON.parse(readFileSync(cfg.AUTH_JWKS_FILE, 'utf8')));
    cached = { verifier, local, from: cfg, verified: new VerifiedTokens() };
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
