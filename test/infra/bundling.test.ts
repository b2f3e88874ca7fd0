import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleSize, stackEntries } from '../../infra/bundle-report';
import { ApiFunction } from '../../infra/constructs/api-function';
import { cdkBundling, esmRequireBanner } from '../../infra/constructs/bundling-options';
import { ROUTE_NOT_FOUND_ENTRY } from '../../infra/function-entries';
import { routeList } from '../../lib/routes';

/**
 * The template tests skip bundling (fast); here one real handler is bundled through the very
 * construct every function uses, with Docker made unusable: if CDK fell back to Docker, this fails.
 */
const outdir = mkdtempSync(join(tmpdir(), 'shop-cdk-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('bundling', () => {
  it('is local esbuild only: ESM, SDK bundled, minified, source maps, never Docker', () => {
    // Act
    const options = cdkBundling();

    // Assess
    expect(options).toMatchObject({
      forceDockerBundling: false,
      format: OutputFormat.ESM,
      bundleAwsSDK: true,
      externalModules: [],
      minify: true,
      sourceMap: true,
    });
    expect(options.dockerImage).toBeUndefined();
  });

  it('bundles a real handler through ApiFunction without Docker, to what the bundle report measures', {
    timeout: 120_000,
  }, async () => {
    // Prepare
    const docker = process.env.CDK_DOCKER;
    process.env.CDK_DOCKER = join(outdir, 'no-docker-here');
    const app = new App({ outdir, builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'BundlingProof');

    // Act
    try {
      new ApiFunction(stack, 'Fallback', {
        entry: ROUTE_NOT_FOUND_ENTRY,
        description: 'bundling proof',
        environment: {},
        access: 'none',
        logRetention: RetentionDays.ONE_DAY,
      });
      app.synth();
    } finally {
      if (docker === undefined) delete process.env.CDK_DOCKER;
      else process.env.CDK_DOCKER = docker;
    }
    const assetDir = readdirSync(outdir)
      .map((d) => join(outdir, d))
      .find((d) => existsSync(join(d, 'index.mjs')));
    const report = await bundleSize('routeNotFound', ROUTE_NOT_FOUND_ENTRY);

    // Assess
    expect(assetDir).toBeDefined();
    const code = readFileSync(join(assetDir as string, 'index.mjs'), 'utf8');
    expect(existsSync(join(assetDir as string, 'index.mjs.map'))).toBe(true);
    expect(code.startsWith(esmRequireBanner)).toBe(true);
    expect(code).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
    // The SDK is inside the bundle, not taken from the Lambda runtime.
    expect(code).not.toMatch(/from"@aws-sdk\//);
    // Credentials come from the environment only (lambda-credentials.ts), not the whole default chain.
    expect(code).toContain('@aws-sdk/credential-provider-env - fromEnv');
    expect(code).not.toContain('defaultProvider::fromSSO');
    expect(code).not.toContain('@aws-sdk/credential-provider-ini - fromIni');
    expect(Buffer.byteLength(code)).toBe(report.bytes);
  });

  it('reports every function of the stack', () => {
    // Act
    const entries = stackEntries();

    // Assess
    expect(entries).toHaveLength(routeList.length + 3);
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
  });
});
