import { devIssuer, resetConfig } from '../../lib/config';
import { ensureDevKeys } from './dev-issuer';
import { ensureDevSecret } from './dev-secret';

export interface LocalEnvOptions {
  /** DynamoDB Local's endpoint; undefined = the SDK's regional endpoint (real AWS). */
  endpoint?: string;
  /** The embedded S3 server's endpoint (infra/local/s3-local.ts); kept if already set. */
  s3Endpoint?: string;
  table?: string;
  region?: string;
}

/**
 * Points the configuration at the local set-up: the table (default shop-api), DynamoDB Local with
 * dummy credentials (kept if already set), the embedded S3 server, the dev issuer's keys for token verification and the
 * server secrets (idempotency, newsletters). Shared by the twin and `npm run invoke`, so both verify tokens from
 * `npm run token` the same way.
 */
export function applyLocalEnv({ endpoint, s3Endpoint, table, region }: LocalEnvOptions = {}): void {
  const env = process.env;
  // Node 20 is the supported local runtime (Lambda runs 22): the SDK's upgrade notice is noise here.
  env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= 'true';
  if (table) env.TABLE_NAME = table;
  env.TABLE_NAME ||= 'shop-api';
  if (region) env.AWS_REGION = region;
  if (endpoint) {
    env.DYNAMODB_ENDPOINT = endpoint;
    if (!region) env.AWS_REGION = 'local';
    env.AWS_ACCESS_KEY_ID ||= 'local';
    env.AWS_SECRET_ACCESS_KEY ||= 'local';
  }
  if (s3Endpoint) env.S3_ENDPOINT = s3Endpoint;
  env.AUTH_JWKS_FILE = ensureDevKeys().jwksFile;
  env.AUTH_ISSUER = devIssuer.issuer;
  env.AUTH_AUDIENCE = devIssuer.audience;
  // Seals the answers Idempotency-Key replays (Secrets Manager's part in AWS).
  env.IDEMPOTENCY_SECRET_FILE = ensureDevSecret();
  delete env.IDEMPOTENCY_SECRET_ARN;
  // Signs the newsletter's confirm and unsubscribe tokens.
  env.NEWSLETTER_SECRET_FILE = ensureDevSecret(undefined, 'newsletter-secret');
  delete env.NEWSLETTER_SECRET_ARN;
  // A JWKS URL from the shell would take tokens from another issuer; locally only the dev issuer counts.
  delete env.AUTH_JWKS_URI;
  resetConfig();
}
