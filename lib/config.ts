import * as z from 'zod';

/**
 * Runtime configuration, parsed once at cold start from the environment. A bad value fails loudly
 * here instead of on the first request.
 */
/** The dev issuer's identity, shared by the token CLI and the local server. */
export const devIssuer = { issuer: 'https://dev-issuer.shop-api.local', audience: 'shop-api' } as const;

const Env = z.object({
  TABLE_NAME: z.string().min(1).default('shop-api'),
  /** Set only for DynamoDB Local; in AWS the SDK's regional endpoint is used. */
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  AWS_REGION: z.string().min(1).default('eu-central-1'),
  /** Expected `iss` of access tokens. */
  AUTH_ISSUER: z.string().min(1).default(devIssuer.issuer),
  /** Expected `aud` of access tokens; empty = tokens carry no audience (Cognito access tokens). */
  AUTH_AUDIENCE: z.string().default(devIssuer.audience),
  /** JWKS URL of the issuer (AWS), fetched and cached by aws-jwt-verify. */
  AUTH_JWKS_URI: z.string().url().optional(),
  /** A local JWKS file (the dev issuer's); verification then never touches the network. */
  AUTH_JWKS_FILE: z.string().optional(),
  /** contract: LEGACY_ACCEPT=true serves `*\/*` and a missing Accept as v1. */
  LEGACY_ACCEPT: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** contract "Rate limit": requests per token and hour. */
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(6000),
  /** Requests one function instance leases at a time from the shared per-token counter. */
  RATE_LIMIT_BLOCK: z.coerce.number().int().min(1).default(50),
});

export type Config = z.infer<typeof Env>;

let cached: Config | undefined;

/** The parsed configuration (memoized; `resetConfig` lets tests and the local twin change env first). */
export function config(): Config {
  if (!cached) {
    const parsed = Env.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(
        `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    }
    cached = parsed.data;
  }
  return cached;
}

/** Forget the parsed configuration so the next `config()` reads the environment again. */
export function resetConfig(): void {
  cached = undefined;
}
