import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleSize } from '../../infra/bundle-report';
import { ApiFunction } from '../../infra/constructs/api-function';
import {
  esbuildOptions,
  esmRequireBanner,
  nativeModulesOf,
  projectRoot,
} from '../../infra/constructs/bundling-options';
import { OPENAPI_ENTRY, ROUTE_NOT_FOUND_ENTRY, stackEntries } from '../../infra/function-entries';
import { issueDevToken } from '../../infra/local/dev-issuer';
import type { ApiContext, ApiEvent, ApiResult } from '../../lib/http/types';
import { routeList, routes } from '../../lib/routes';
import { useLocalTable } from '../support/local-env';
import { eventWith, lambdaContext } from '../unit/support/api-event';

/**
 * The template tests skip bundling (fast); here one real handler is bundled through the very
 * construct every function uses, with Docker made unusable: if CDK fell back to Docker, this fails.
 */
const outdir = mkdtempSync(join(tmpdir(), 'shop-cdk-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('bundling', () => {
  it('is local esbuild only: ESM, SDK bundled, minified, source maps', () => {
    // Act
    const options = esbuildOptions(routes.getTaxModel.handler, 'index.mjs');

    // Assess
    expect(options).toMatchObject({
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      external: [],
      minify: true,
      sourcemap: true,
    });
  });

  it('bundles real handlers through ApiFunction, many at once and without Docker, byte for byte as alone', {
    timeout: 120_000,
  }, async () => {
    // Prepare
    const docker = process.env.CDK_DOCKER;
    process.env.CDK_DOCKER = join(outdir, 'no-docker-here');
    const app = new App({ outdir, builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'BundlingProof');

    // Act
    try {
      for (const [id, entry] of [
        ['Fallback', ROUTE_NOT_FOUND_ENTRY],
        ['CreateCart', routes.createCart.handler],
      ] as const)
        new ApiFunction(stack, id, {
          entry,
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
    const assets = readdirSync(outdir)
      .map((d) => join(outdir, d))
      .filter((d) => existsSync(join(d, 'index.mjs')))
      .map((d) => readFileSync(join(d, 'index.mjs'), 'utf8'));
    const alone = async (entry: string) => {
      const result = await build({
        ...esbuildOptions(entry, join(outdir, 'alone', 'index.mjs')),
        write: false,
      });
      return result.outputFiles.find((f) => f.path.endsWith('.mjs'))?.text;
    };
    const report = await bundleSize('createCart', routes.createCart.handler);

    // Assess: the batch built each bundle as esbuild builds it alone (the bundle report's figure)
    expect(assets.sort()).toEqual(
      [await alone(ROUTE_NOT_FOUND_ENTRY), await alone(routes.createCart.handler)].sort(),
    );
    const code = assets.find((text) => Buffer.byteLength(text) === report.bytes) as string;
    expect(code).toBeDefined();
    expect(
      existsSync(
        join(outdir, readdirSync(outdir).find((d) => d.startsWith('asset.')) as string, 'index.mjs.map'),
      ),
    ).toBe(true);
    expect(code.startsWith(esmRequireBanner)).toBe(true);
    expect(code).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
    // The SDK is inside the bundle, not taken from the Lambda runtime.
    expect(code).not.toMatch(/from"@aws-sdk\//);
    // Credentials come from the environment only (lambda-credentials.ts), not the whole default chain.
    expect(code).toContain('@aws-sdk/credential-provider-env - fromEnv');
    expect(code).not.toContain('defaultProvider::fromSSO');
    expect(code).not.toContain('@aws-sdk/credential-provider-ini - fromIni');
    // No event-stream support (no-event-streams.ts), so no @smithy/core module is wrapped for lazy loading.
    expect(code).toContain('event streams are not bundled into the functions');
    expect(code).not.toContain(':message-type');
  });

  it('answers a real request from a bundle with the swapped modules, against DynamoDB Local', {
    timeout: 120_000,
  }, async () => {
    // Prepare: the bundle as it deploys, run in this process with the local table and dev issuer
    useLocalTable();
    const file = join(outdir, 'getTaxModel', 'index.mjs');
    await build(esbuildOptions(routes.getTaxModel.handler, file));
    const { handler } = (await import(pathToFileURL(file).href)) as {
      handler: (event: ApiEvent, context: ApiContext) => Promise<ApiResult>;
    };
    const event = eventWith('tax/get-tax-model', {
      headers: { authorization: `Bearer ${issueDevToken('demo')}` },
    });

    // Act
    const result = await handler(event, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toMatchObject({ model: 'GROSS' });
  });

  it('bundles the Secrets Manager client only into routes that read a secret (the rest get a stub)', {
    timeout: 120_000,
  }, async () => {
    // Act: the bundle of an idempotent route and of one that is not
    const text = async (name: 'createCart' | 'getTaxModel') => {
      const result = await build({
        ...esbuildOptions(routes[name].handler, join(outdir, name, 'x.mjs')),
        write: false,
      });
      return result.outputFiles.find((f) => f.path.endsWith('.mjs'))?.text ?? '';
    };
    const [idempotent, plain] = [await text('createCart'), await text('getTaxModel')];

    // Assess: the real client carries its service's signing name; the stub says what it is
    expect(routes.createCart.idempotent).toBe('stored');
    expect(idempotent).toContain('"secretsmanager"');
    expect(idempotent).not.toContain('bundled only into routes that read a secret');
    expect(plain).not.toContain('"secretsmanager"');
    expect(plain).toContain('bundled only into routes that read a secret');
  });

  it('embeds the repository root openapi.json in the API description bundle (json loader, no file read)', {
    timeout: 60_000,
  }, async () => {
    // Prepare: the bundle alone in a folder without openapi.json
    const file = join(outdir, 'getOpenApi', 'index.mjs');
    await build(esbuildOptions(OPENAPI_ENTRY, file));
    const { handler } = (await import(pathToFileURL(file).href)) as {
      handler: (event: ApiEvent, context: ApiContext) => Promise<ApiResult>;
    };
    const event = eventWith('shop/get-shop', {
      rawPath: '/openapi.json',
      headers: { authorization: undefined },
    });

    // Act
    const result = await handler(event, lambdaContext());

    // Assess
    expect(existsSync(join(outdir, 'getOpenApi', 'openapi.json'))).toBe(false);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toEqual(
      JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')),
    );
  });

  it('keeps sharp (native) out of every bundle but the upload', { timeout: 120_000 }, async () => {
    // Act
    const text = async (name: 'uploadSlideshowImage' | 'deleteSlideshowImage' | 'getProduct') => {
      const result = await build({
        ...esbuildOptions(routes[name].handler, join(outdir, name, 'x.mjs')),
        write: false,
      });
      return result.outputFiles.find((f) => f.path.endsWith('.mjs'))?.text ?? '';
    };
    const others = routeList.filter((r) => r.name !== 'uploadSlideshowImage');

    // Assess: the upload imports sharp at run time from its own node_modules
    expect(nativeModulesOf(routes.uploadSlideshowImage.handler)).toEqual(['sharp']);
    expect(others.every((r) => nativeModulesOf(r.handler).length === 0)).toBe(true);
    expect(await text('uploadSlideshowImage')).toMatch(/from"sharp"/);
    for (const name of ['deleteSlideshowImage', 'getProduct'] as const)
      expect(await text(name)).not.toMatch(/sharp/i);
  });

  it('synthesizes the upload with sharp for linux-arm64 in its asset, and leaves the repository alone', {
    timeout: 180_000,
  }, () => {
    // Prepare
    const before = nodeModulesFingerprint();
    const out = mkdtempSync(join(tmpdir(), 'shop-upload-'));
    const app = new App({ outdir: out });
    new ApiFunction(new Stack(app, 'UploadProof'), 'Upload', {
      entry: routes.uploadSlideshowImage.handler,
      description: 'native module proof',
      environment: {},
      access: 'none',
      logRetention: RetentionDays.ONE_DAY,
    });

    // Act
    try {
      app.synth();
      const asset = readdirSync(out)
        .map((d) => join(out, d))
        .find((d) => existsSync(join(d, 'index.mjs'))) as string;

      // Assess: the asset imports sharp from its own node_modules, built for Lambda's platform
      const img = join(asset, 'node_modules', '@img');
      expect(existsSync(join(asset, 'node_modules', 'sharp', 'package.json'))).toBe(true);
      expect(
        readdirSync(img)
          .filter((d) => d.startsWith('sharp-'))
          .sort(),
      ).toEqual(['sharp-libvips-linux-arm64', 'sharp-linux-arm64']);
      const binaries = readdirSync(join(img, 'sharp-linux-arm64', 'lib'));
      expect(binaries).toEqual([expect.stringMatching(/^sharp-linux-arm64-[\d.]+\.node$/)]);
      // ...and the repository's own node_modules is as it was (npm once installed into it, for arm64)
      expect(nodeModulesFingerprint()).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('reports every function of the stack', () => {
    // Act
    const entries = stackEntries();

    // Assess
    expect(entries).toHaveLength(routeList.length + 8);
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
  });
});

/** What npm changes when it installs into the repository: the packages, their platform builds, its lock. */
function nodeModulesFingerprint(): string[] {
  const root = join(projectRoot, 'node_modules');
  const lock = join(root, '.package-lock.json');
  const scoped = (scope: string) =>
    existsSync(join(root, scope)) ? readdirSync(join(root, scope)).map((d) => `${scope}/${d}`) : [];
  return [
    ...readdirSync(root),
    ...scoped('@esbuild'),
    ...scoped('@img'),
    `lock ${existsSync(lock) ? statSync(lock).mtimeMs : 'none'}`,
  ];
}
