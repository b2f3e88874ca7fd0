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
 * An RS256 bearer JWT verified by aws-jwt-verify against the deployment's issuer (and audience),
 * living at most AUTH_MAX_TOKEN_LIFETIME, from an allowed client when AUTH_CLIENT_IDS names them,
 * bound to the path's shop by its `shop` claim, carrying the route's scope (docs/security.md "What is
 * enforced"). Every failure is 403 with a message that names the rule, never the token.
 */
export function auth(route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: async (request) => {
      const payload = await verifyBearer(request.event.headers?.authorization);
      const principal = principalOf(payload, request.event.headers?.authorization ?? '', config());
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

function principalOf(payload: JwtPayload, authorization: string, cfg: Config): Principal {
  // aws-jwt-verify checks exp only when present; a token that never expires is refused.
  if (typeof payload.exp !== 'number') throw new Forbidden('Token has no expiry');
  const issuedAt = typeof payload.iat === 'number' ? payload.iat : Date.now() / 1000;
  if (payload.exp - issuedAt > cfg.AUTH_MAX_TOKEN_LIFETIME)
    throw new Forbidden(`Token lives longer than ${cfg.AUTH_MAX_TOKEN_LIFETIME} s`);
  const clients = cfg.AUTH_CLIENT_IDS.split(',').filter(Boolean);
  const client = payload.client_id ?? payload.azp;
  if (clients.length > 0 && !(typeof client === 'string' && clients.includes(client)))
    throw new Forbidden('Token is not from an allowed client');
  const shopId = payload.shop;
  if (typeof shopId !== 'string') throw new Forbidden('Token has no shop claim');
  const scope = typeof payload.scope === 'string' ? payload.scope : '';
  const prefix = cfg.AUTH_SCOPE_PREFIX;
  return {
    subject: typeof payload.sub === 'string' ? payload.sub : '',
    tokenId: createHash('sha256').update(authorization).digest('base64url').slice(0, 22),
    shopId,
    // The identity provider's resource server prefixes scopes ("shop-api/carts_read"); a scope
    // under another prefix ("evil/carts_read") is another server's and grants nothing here.
    scopes: new Set(
      scope
        .split(/\s+/)
        .filter(Boolean)
        .map((s) => (prefix && s.startsWith(prefix) ? s.slice(prefix.length) : s)),
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
