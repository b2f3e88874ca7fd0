import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, describe, expect, it } from 'vitest';
import { ConsoleHosting, IMMUTABLE, PLACEHOLDER_PAGE } from '../../infra/constructs/console-hosting';
import { CONSOLE_VIEWER_REQUEST } from '../../infra/constructs/console-viewer-request';
import { corsOrigins } from '../../infra/shop-stack';
import { NO_CONSOLE_BUILD } from './stack-fixture';

/**
 * The console's hosting on its own (docs/deploy.md "The merchant console"): what a build deploys and
 * how the CloudFront function routes. The whole stack's console (client, CORS, headers, config.json)
 * is checked in shop-stack.test.ts, cdk-nag and cfn-lint in template-checks.test.ts.
 */

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A console build as `npm run console:build` writes it. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  folders.push(dist);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<script type="module" src="/admin/assets/app-AB12.js"></script>');
  writeFileSync(join(dist, 'assets/app-AB12.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets/app-CD34.css'), 'body{}');
  // A config.json left in the build (the twin's) is not deployed: the stack writes its own.
  writeFileSync(join(dist, 'config.json'), '{"signIn":{"kind":"local"}}');
  return dist;
}

function synthHosting(distFolder: string) {
  const outdir = mkdtempSync(join(tmpdir(), 'console-synth-'));
  folders.push(outdir);
  // CDK's CloudFormation validation loads a WASM engine for seconds; shop-stack.test.ts runs it.
  const app = new App({ outdir, builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'ConsoleTest');
  const hosting = new ConsoleHosting(stack, 'Console', {
    shopId: 'demo',
    distFolder,
    logRetention: RetentionDays.ONE_MONTH,
  });
  hosting.deploy({
    apiUrl: 'https://api.example.com',
    shop: 'demo',
    signIn: {
      kind: 'cognito',
      domain: 'https://demo.auth.eu-central-1.amazoncognito.com',
      clientId: 'client-1',
      scopes: ['openid', 'email'],
      redirectUri: `${hosting.url}callback`,
      logoutUri: hosting.url,
    },
  });
  const assembly = app.synth();
  const resources: Record<string, Resource> = assembly.getStackByName('ConsoleTest').template.Resources;
  const deployments = Object.entries(resources).filter(([, r]) => r.Type === 'Custom::CDKBucketDeployment');
  return { hosting, outdir: assembly.directory, deployments };
}

describe('console hosting: what a deploy puts into the bucket', () => {
  it('deploys a build: the hashed assets immutable and never pruned first, then index.html and config.json not cached', () => {
    // Act
    const { hosting, deployments, outdir } = synthHosting(fakeBuild());
    const [assetsId, assets] = deployments.find(([id]) => id.includes('Assets')) as [string, Resource];
    const [, pages] = deployments.find(([id]) => id.includes('Pages')) as [string, Resource];
    // The staged folders of the build: index.html's must not carry the assets again.
    const staged = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
    const pagesFolder = staged.find((name) => existsSync(join(outdir, name, 'index.html')));

    // Assess
    expect(hosting.built).toBe(true);
    expect(deployments).toHaveLength(2);
    expect(assets.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'admin/assets/',
      SystemMetadata: { 'cache-control': IMMUTABLE },
      Prune: false,
    });
    expect(pages.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'admin/',
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: false,
    });
    expect(pages.Properties.SourceObjectKeys).toHaveLength(2);
    expect(pages.DependsOn).toContain(assetsId);
    expect(pagesFolder).toBeDefined();
    expect(readdirSync(join(outdir, pagesFolder as string))).toEqual(['index.html']);
  });

  it('deploys the placeholder page when there is no build, so synthesis never fails', () => {
    // Act
    const { hosting, deployments, outdir } = synthHosting(NO_CONSOLE_BUILD);
    const staged = readdirSync(outdir).filter((name) => name.startsWith('asset.') && name.endsWith('.zip'));

    // Assess
    expect(hosting.built).toBe(false);
    expect(deployments.map(([id]) => id)).toEqual([expect.stringContaining('Pages')]);
    expect(PLACEHOLDER_PAGE).toContain('npm run console:build');
    expect(staged.length).toBeGreaterThan(0);
  });
});

/** Runs the CloudFront function's source as CloudFront would, on a request for `uri`. */
function viewerRequest(uri: string): {
  uri?: string;
  statusCode?: number;
  headers?: Record<string, { value: string }>;
} {
  const handler = new Function(`${CONSOLE_VIEWER_REQUEST}\nreturn handler;`)() as (event: unknown) => never;
  return handler({ request: { method: 'GET', uri, querystring: {}, headers: {} } });
}

describe('console hosting: the routing function', () => {
  it('redirects / and /admin to /admin/', () => {
    for (const uri of ['/', '/admin']) {
      // Act
      const answer = viewerRequest(uri);

      // Assess
      expect(answer.statusCode, uri).toBe(302);
      expect(answer.headers?.location?.value, uri).toBe('/admin/');
    }
  });

  it('answers the screens of the app with index.html, the callback included', () => {
    for (const uri of ['/admin/', '/admin/callback', '/admin/orders/01HX5', '/admin/products/a.b/edit']) {
      // Assess
      expect(viewerRequest(uri).uri, uri).toBe('/admin/index.html');
    }
  });

  it('passes the build files through: the assets and the files at the root such as config.json', () => {
    for (const uri of [
      '/admin/assets/app-AB12.js',
      '/admin/config.json',
      '/admin/index.html',
      '/other.txt',
    ]) {
      // Assess
      expect(viewerRequest(uri).uri, uri).toBe(uri);
    }
  });
});

describe("the API's CORS origins", () => {
  it("are the configured ones and the console's; `*` alone covers the console too", () => {
    // Assess
    expect(corsOrigins(['https://shop.example'], 'https://d1.cloudfront.net')).toEqual([
      'https://shop.example',
      'https://d1.cloudfront.net',
    ]);
    expect(corsOrigins([], 'https://d1.cloudfront.net')).toEqual(['https://d1.cloudfront.net']);
    expect(corsOrigins(['*', 'https://shop.example'], 'https://d1.cloudfront.net')).toEqual(['*']);
    expect(corsOrigins([], undefined)).toEqual([]);
  });
});
