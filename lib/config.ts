import * as z from './schemas/zod';

/**
 * Runtime configuration from the environment: parsed on the first `config()` call (an instance's
 * first request, not its import) and kept. A bad value fails that call loudly, naming every bad
 * variable, before anything else of the request happens.
 */

/** The dev issuer's identity, shared by the token CLI and the local server. */
export const devIssuer = { issuer: 'https://dev-issuer.shop-api.local', audience: 'shop-api' } as const;

const Env = z.object({
  TABLE_NAME: z._default(z.string().check(z.minLength(1)), 'shop-api'),
  /** Set only for DynamoDB Local; in AWS the SDK's regional endpoint is used. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  /** Set only for the twin's embedded S3 server (path-style); in AWS the regional endpoint is used. */
  S3_ENDPOINT: z.optional(z.url()),
  /** The bucket of product images (served publicly through MEDIA_BASE_URL, never directly). */
  MEDIA_BUCKET: z._default(z.string().check(z.minLength(1)), 'shop-api-media'),
  /** Public base URL of the media bucket's objects: the CloudFront distribution in AWS. */
  MEDIA_BASE_URL: z.optional(z.url()),
  /** The bucket of generated exports (read only through presigned URLs). */
  EXPORTS_BUCKET: z._default(z.string().check(z.minLength(1)), 'shop-api-exports'),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'eu-central-1'),
  /** Expected `iss` of access tokens. */
  AUTH_ISSUER: z._default(z.string().check(z.minLength(1)), devIssuer.issuer),
  /** Expected `aud` of access tokens; empty = tokens carry no audience (Cognito access tokens). */
  AUTH_AUDIENCE: z._default(z.string(), devIssuer.audience),
  /**
   * The resource-server prefix of scopes (Cognito writes `shop-api/orders_read`): only this prefix is
   * stripped; a scope under any other prefix grants nothing. Empty: scopes must come bare.
   */
  AUTH_SCOPE_PREFIX: z._default(z.string(), 'shop-api/'),
  /**
   * Comma-separated client ids a token's `client_id` (or `azp`) must be one of; empty = any client
   * of the issuer (the stack's own Cognito pool). The stack requires it, or an audience, for an
   * external issuer, whose other clients are not the shop's.
   */
  AUTH_CLIENT_IDS: z._default(z.string(), ''),
  /** The longest a token may live (`exp` − `iat`), in seconds: a leaked token is worth a day at most. */
  AUTH_MAX_TOKEN_LIFETIME: z._default(z.coerce.number().check(z.int(), z.minimum(60)), 86_400),
  /** JWKS URL of the issuer (AWS), fetched and cached by aws-jwt-verify. */
  AUTH_JWKS_URI: z.optional(z.url()),
  /** A local JWKS file (the dev issuer's); verification then never touches the network. */
  AUTH_JWKS_FILE: z.optional(z.string()),
  /** docs/api-rules.md "Transport": LEGACY_ACCEPT=true serves `*\/*` and a missing Accept as v1. */
  LEGACY_ACCEPT: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((v: 'true' | 'false') => v === 'true'),
  ),
  /**
   * The server secret that seals replayable answers (lib/data/idempotency-secret.ts): a Secrets
   * Manager secret's ARN (AWS; only idempotent routes get it) or a file (the local twin's .dev-keys).
   */
  IDEMPOTENCY_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  IDEMPOTENCY_SECRET_FILE: z.optional(z.string().check(z.minLength(1))),
  /**
   * The secret that signs newsletter tokens (lib/data/storefront/newsletter-secret.ts): an ARN (AWS;
   * only the newsletter routes that sign or check a token get it) or a file (the twin's .dev-keys).
   */
  NEWSLETTER_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  NEWSLETTER_SECRET_FILE: z.optional(z.string().check(z.minLength(1))),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** Share of requests (0..1) logged at debug whatever LOG_LEVEL says (docs/operations.md). */
  LOG_SAMPLE_RATE: z._default(z.coerce.number().check(z.minimum(0), z.maximum(1)), 0),
  /** The `service` of every log line. */
  SERVICE_NAME: z._default(z.string().check(z.minLength(1)), 'shop-api'),
  /** `emf`: every request line carries CloudWatch metrics (Embedded Metric Format); `off`: none. */
  METRICS: z._default(z.enum(['emf', 'off']), 'emf'),
  /** The API's public base URL, for links in what is sent without a request (webhook deliveries). */
  API_BASE_URL: z.optional(z.url()),
  /** The twin only: accept `http://127.0.0.1:<port>` webhook callbacks (development, tests). */
  WEBHOOK_ALLOW_LOCAL: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((v: 'true' | 'false') => v === 'true'),
  ),
  /**
   * A cold load that read at least this many entries from a feed leaves a snapshot of it
   * (docs/data-model.md "Feed snapshots"); tests lower it to build one from a few hundred orders.
   */
  FEED_SNAPSHOT_AFTER_ENTRIES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 2000),
  /** Multiplies every webhook retry delay (the twin's tests run the two-day schedule in seconds). */
  WEBHOOK_RETRY_SCALE: z._default(z.coerce.number().check(z.positive(), z.maximum(1)), 1),
  /** docs/api-rules.md "Rate limit": requests per token and hour. */
  RATE_LIMIT_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 6000),
  /** Requests one function instance leases at a time from the shared per-token counter. */
  RATE_LIMIT_BLOCK: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 50),
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
