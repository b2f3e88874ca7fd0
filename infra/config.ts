import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from 'zod';
import { ShopId } from '../lib/schemas/common';

/**
 * The per-shop stack's properties, read from CDK context (`--context key=value` or cdk.json) and
 * checked once here, so a typo fails `cdk synth` with a clear message instead of a broken deploy.
 * Context values from the command line are strings; cdk.json may hold real JSON values: both parse.
 */

/** Context keys, as a merchant types them. */
export const CONTEXT_KEYS = [
  'shopId',
  'allowedOrigins',
  'rateLimitPerHour',
  'legacyAccept',
  'alarmEmail',
  'issuerUrl',
  'jwksUrl',
  'audience',
  'clientIds',
  'scopePrefix',
  'maxTokenLifetime',
  'throttleRateLimit',
  'throttleBurstLimit',
  'logLevel',
  'logRetentionDays',
  'authDomainPrefix',
] as const;

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** A list from cdk.json (array) or the command line ("a,b" with optional spaces). */
const list = z.union([
  z.array(z.string()),
  z.string().transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
]);
const origin = z
  .string()
  .regex(/^(\*|https?:\/\/[^/\s]+)$/, 'expected an origin like https://shop.example.com (no path) or *');
const retentionDays = z.coerce
  .number()
  .refine((d) => Object.values(RetentionDays).includes(d), 'not a CloudWatch Logs retention period');

const Context = z
  .object({
    shopId: ShopId,
    /** Origins the browser may call the API from (CORS); none = no CORS. */
    allowedOrigins: list.pipe(z.array(origin)).default([]),
    /** docs/api-rules.md "Rate limit": requests per token and hour. */
    rateLimitPerHour: int(1, 10_000_000).default(6000),
    /** docs/api-rules.md "Transport": LEGACY_ACCEPT=true serves `*\/*` and a missing Accept as v1. */
    legacyAccept: flag.default(false),
    /** Where alarms are e-mailed; without it the topic exists and has no subscription. */
    alarmEmail: z.string().email().optional(),
    /** An external OpenID issuer instead of the stack's Cognito user pool. */
    issuerUrl: z.string().url().optional(),
    jwksUrl: z.string().url().optional(),
    audience: z.string().optional(),
    /** The external issuer's clients whose tokens open this shop (`client_id` or `azp`). */
    clientIds: list.default([]),
    /** The external issuer's scope prefix (its resource server, e.g. `shop-api/`); default none. */
    scopePrefix: z.string().optional(),
    /** The longest a token may live, in seconds (a week at most). */
    maxTokenLifetime: int(60, 604_800).default(86_400),
    /** Stage throttling (requests per second, burst): a safety net above the per-token limit. */
    throttleRateLimit: int(1, 100_000).default(100),
    throttleBurstLimit: int(1, 100_000).default(200),
    logLevel: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    logRetentionDays: retentionDays.default(RetentionDays.ONE_MONTH),
    /** Cognito prefix domain of the token endpoint (unique per region); default from the shop id. */
    authDomainPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'lowercase letters, digits and hyphens, 1-63 chars')
      .refine((p) => !/aws|amazon|cognito/.test(p), 'must not contain aws, amazon or cognito')
      .optional(),
  })
  .refine(
    (c) =>
      c.issuerUrl !== undefined ||
      (c.jwksUrl === undefined &&
        c.audience === undefined &&
        c.clientIds.length === 0 &&
        c.scopePrefix === undefined),
    {
      message: 'jwksUrl, audience, clientIds and scopePrefix belong to an external issuer: set issuerUrl too',
      path: ['issuerUrl'],
    },
  )
  // An external issuer serves other applications too: without an audience or a client list, any
  // token it gives them for this shop's id would open the shop.
  .refine((c) => c.issuerUrl === undefined || Boolean(c.audience) || c.clientIds.length > 0, {
    message: 'an external issuer needs an audience or clientIds (the clients whose tokens open this shop)',
    path: ['audience'],
  });

/** Where the functions' tokens come from: the stack's own Cognito pool or an external issuer. */
export type IssuerConfig =
  | { kind: 'cognito'; domainPrefix: string | undefined }
  | {
      kind: 'external';
      issuer: string;
      jwksUri: string;
      audience: string;
      clientIds: string[];
      scopePrefix: string;
    };

export interface ShopStackConfig {
  shopId: string;
  allowedOrigins: string[];
  rateLimitPerHour: number;
  legacyAccept: boolean;
  alarmEmail: string | undefined;
  issuer: IssuerConfig;
  /** The longest a token may live, in seconds. */
  maxTokenLifetime: number;
  throttle: { rateLimit: number; burstLimit: number };
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  logRetention: RetentionDays;
}

/** Thrown for missing or invalid context; the message tells the merchant what to type. */
export class StackConfigError extends Error {
  override name = 'StackConfigError';
}

/**
 * Parses the stack properties from context (`get` = `app.node.tryGetContext`). Throws a
 * StackConfigError naming every bad key.
 */
export function stackConfigFromContext(get: (key: string) => unknown): ShopStackConfig {
  const raw = Object.fromEntries(CONTEXT_KEYS.map((k) => [k, get(k)]).filter(([, v]) => v !== undefined));
  if (raw.shopId === undefined) {
    throw new StackConfigError(
      'Missing context value shopId: one stack per shop, e.g. `npm run synth -- --context shopId=myshop`',
    );
  }
  const parsed = Context.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(context)'}: ${i.message}`);
    throw new StackConfigError(`Invalid stack context: ${problems.join('; ')}`);
  }
  const c = parsed.data;
  return {
    shopId: c.shopId,
    allowedOrigins: c.allowedOrigins,
    rateLimitPerHour: c.rateLimitPerHour,
    legacyAccept: c.legacyAccept,
    alarmEmail: c.alarmEmail,
    issuer: c.issuerUrl
      ? {
          kind: 'external',
          issuer: c.issuerUrl,
          jwksUri: c.jwksUrl ?? `${c.issuerUrl.replace(/\/$/, '')}/.well-known/jwks.json`,
          audience: c.audience ?? '',
          clientIds: c.clientIds,
          scopePrefix: c.scopePrefix ?? '',
        }
      : { kind: 'cognito', domainPrefix: c.authDomainPrefix },
    maxTokenLifetime: c.maxTokenLifetime,
    throttle: { rateLimit: c.throttleRateLimit, burstLimit: c.throttleBurstLimit },
    logLevel: c.logLevel,
    logRetention: c.logRetentionDays as RetentionDays,
  };
}

/**
 * A name part made from the shop id for places that allow only letters, digits and hyphens
 * (stack names, Cognito domains): `_` becomes `-`.
 */
export function shopSlug(shopId: string): string {
  return shopId.replace(/_/g, '-');
}

/** The stack of a shop: `ShopApi-<shopId>`. */
export function stackName(shopId: string): string {
  return `ShopApi-${shopSlug(shopId)}`;
}
