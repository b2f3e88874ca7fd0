import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { StackConfigError, stackConfigFromContext, stackName } from '../../infra/config';

const parse = (context: Record<string, unknown>) => stackConfigFromContext((key) => context[key]);

describe('stack properties from context', () => {
  it('needs only the shop id; everything else has a default', () => {
    // Act
    const config = parse({ shopId: 'demo' });

    // Assess
    expect(config).toEqual({
      shopId: 'demo',
      allowedOrigins: [],
      rateLimitPerHour: 6000,
      legacyAccept: false,
      alarmEmail: undefined,
      issuer: { kind: 'cognito', domainPrefix: undefined },
      maxTokenLifetime: 86_400,
      throttle: { rateLimit: 100, burstLimit: 200 },
      logLevel: 'info',
      logRetention: RetentionDays.ONE_MONTH,
    });
  });

  it('reads command-line strings: lists, numbers and booleans', () => {
    // Act
    const config = parse({
      shopId: 'my_shop',
      allowedOrigins: 'https://shop.example.com, https://admin.example.com',
      rateLimitPerHour: '1200',
      legacyAccept: 'true',
      alarmEmail: 'ops@example.com',
      throttleRateLimit: '20',
      throttleBurstLimit: '40',
      logRetentionDays: '90',
    });

    // Assess
    expect(config).toMatchObject({
      allowedOrigins: ['https://shop.example.com', 'https://admin.example.com'],
      rateLimitPerHour: 1200,
      legacyAccept: true,
      alarmEmail: 'ops@example.com',
      throttle: { rateLimit: 20, burstLimit: 40 },
      logRetention: RetentionDays.THREE_MONTHS,
    });
    expect(stackName(config.shopId)).toBe('ShopApi-my-shop');
  });

  it('reads an external issuer with its clients, deriving the JWKS URL, no audience and no scope prefix', () => {
    // Act
    const config = parse({
      shopId: 'demo',
      issuerUrl: 'https://id.example.com/realms/shop',
      clientIds: 'erp, console',
    });

    // Assess
    expect(config.issuer).toEqual({
      kind: 'external',
      issuer: 'https://id.example.com/realms/shop',
      jwksUri: 'https://id.example.com/realms/shop/.well-known/jwks.json',
      audience: '',
      clientIds: ['erp', 'console'],
      scopePrefix: '',
    });
    expect(config.maxTokenLifetime).toBe(86_400);
  });

  it('refuses an external issuer with neither an audience nor clientIds (its other clients would open the shop)', () => {
    const act = () => parse({ shopId: 'demo', issuerUrl: 'https://id.example.com/realms/shop' });

    expect(act).toThrow(StackConfigError);
    expect(act).toThrow(/audience: an external issuer needs an audience or clientIds/);
  });

  it('refuses a missing shop id with the command to type', () => {
    // Act
    const act = () => parse({});

    // Assess
    expect(act).toThrow(StackConfigError);
    expect(act).toThrow(/Missing context value shopId.*--context shopId=/);
  });

  it.each([
    [{ shopId: 'bad shop' }, 'shopId'],
    [{ shopId: 'demo', allowedOrigins: 'https://shop.example.com/path' }, 'allowedOrigins.0'],
    [{ shopId: 'demo', rateLimitPerHour: '0' }, 'rateLimitPerHour'],
    [{ shopId: 'demo', rateLimitPerHour: 'lots' }, 'rateLimitPerHour'],
    [{ shopId: 'demo', legacyAccept: 'yes' }, 'legacyAccept'],
    [{ shopId: 'demo', alarmEmail: 'ops' }, 'alarmEmail'],
    [{ shopId: 'demo', logRetentionDays: '2' }, 'logRetentionDays'],
    [{ shopId: 'demo', jwksUrl: 'https://id.example.com/jwks' }, 'issuerUrl'],
    [{ shopId: 'demo', clientIds: 'erp' }, 'issuerUrl'],
    [{ shopId: 'demo', maxTokenLifetime: '1000000' }, 'maxTokenLifetime'],
    [{ shopId: 'demo', authDomainPrefix: 'my-aws-shop' }, 'authDomainPrefix'],
  ])('refuses %j naming %s', (context, key) => {
    // Act
    const act = () => parse(context);

    // Assess
    expect(act).toThrow(StackConfigError);
    expect(act).toThrow(new RegExp(`${key.replace('.', '\\.')}:`));
  });

  it('makes `cdk synth` without a shop id fail with that message, not a stack trace', {
    timeout: 60_000,
  }, () => {
    // Act
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/app.ts'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      env: { ...process.env, CDK_CONTEXT_JSON: '{}' },
      timeout: 60_000,
    });

    // Assess
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Missing context value shopId/);
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
