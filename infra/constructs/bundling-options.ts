import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundlingOptions, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * The ONE set of esbuild settings for every Lambda of the stack: the CDK construct and
 * `npm run bundle-report` both read it, so the size the report prints is the size that deploys.
 * DESIGN.md: ESM, bundled by the local esbuild (never Docker), AWS SDK bundled, minified, source maps.
 */

/** The repository root: entry paths in the route table are relative to it. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Lambda's Node.js major version (runtime nodejs22.x). */
export const nodeTarget = 'node22';

/**
 * ESM bundles cannot `require`; some CommonJS dependencies still call it for Node built-ins.
 * esbuild's shim uses a global `require` when one exists, so the banner provides one.
 */
export const esmRequireBanner =
  "import { createRequire as __shopApiCreateRequire } from 'node:module'; const require = __shopApiCreateRequire(import.meta.url);";

const settings = {
  format: 'esm',
  target: nodeTarget,
  minify: true,
  sourcemap: true,
  // Stack traces only need file:line; the sources themselves would triple the asset size.
  sourcesContent: false,
  // Prefer the ESM build of dependencies (tree-shakes the SDK and Middy).
  mainFields: ['module', 'main'],
  banner: esmRequireBanner,
} as const;

/**
 * Modules swapped at bundling time: the SDK's default credential chain becomes the environment
 * provider Lambda needs (see lambda-credentials.ts), and the event-stream support DynamoDB never
 * uses becomes a stub (see no-event-streams.ts).
 */
export const bundleAliases: Record<string, string> = {
  '@aws-sdk/credential-provider-node': join(projectRoot, 'infra/constructs/lambda-credentials.ts'),
  '@smithy/core/event-streams': join(projectRoot, 'infra/constructs/no-event-streams.ts'),
};

/** NodejsFunction bundling: local esbuild only, nothing external (the SDK is bundled, not the runtime's). */
export function cdkBundling(): BundlingOptions {
  return {
    format: OutputFormat.ESM,
    target: settings.target,
    minify: settings.minify,
    sourceMap: settings.sourcemap,
    sourceMapMode: SourceMapMode.DEFAULT,
    sourcesContent: settings.sourcesContent,
    mainFields: [...settings.mainFields],
    banner: settings.banner,
    esbuildArgs: { '--alias': Object.entries(bundleAliases).map(([from, to]) => `${from}=${to}`) },
    bundleAwsSDK: true,
    externalModules: [],
    forceDockerBundling: false,
  };
}

/** The same settings for esbuild's API (the bundle report); `outfile` as NodejsFunction names it. */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: settings.format,
    target: settings.target,
    minify: settings.minify,
    sourcemap: settings.sourcemap,
    sourcesContent: settings.sourcesContent,
    mainFields: [...settings.mainFields],
    banner: { js: settings.banner },
    alias: bundleAliases,
    external: [],
    absWorkingDir: projectRoot,
    logLevel: 'silent',
  };
}
