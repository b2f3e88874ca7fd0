import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { routeList } from '../../lib/routes';
import { type SpeedTrick, speedTrickOn } from '../../lib/speed/switches';

/**
 * The ONE set of esbuild settings for every Lambda of the stack: the CDK construct
 * (function-code.ts) and `npm run bundle-report` both read it, so the size the report prints is the
 * size that deploys. ESM, bundled by the local esbuild (never Docker), AWS SDK bundled, minified,
 * source maps (docs/deploy.md "Decisions for the cloud stack").
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
 * Modules swapped at bundling time, three speed tricks (each file's header says what it saves): the
 * SDK's default credential chain becomes the environment provider Lambda needs
 * (lambda-credentials.ts), the event-stream support DynamoDB never uses becomes a stub
 * (no-event-streams.ts), and so does the Secrets Manager client in every function but those of
 * routes that store idempotent answers and of routes with newsletter tokens, the only ones that read a secret
 * (no-secrets-manager.ts). `SPEED_TRICKS_OFF`
 * at bundling time leaves an alias out (`on` lets the cold-start floor keep them all).
 */
export function bundleAliases(
  entry: string,
  on: (trick: SpeedTrick) => boolean = speedTrickOn,
): Record<string, string> {
  const readsSecret = routeList.some(
    (route) => (route.idempotent === 'stored' || route.newsletterTokens) && route.handler === entry,
  );
  const aliases: Record<string, string> = {};
  if (on('credentials-alias'))
    aliases['@aws-sdk/credential-provider-node'] = join(
      projectRoot,
      'infra/constructs/lambda-credentials.ts',
    );
  if (on('event-streams-alias'))
    aliases['@smithy/core/event-streams'] = join(projectRoot, 'infra/constructs/no-event-streams.ts');
  if (on('secrets-manager-alias') && !readsSecret)
    aliases['@aws-sdk/client-secrets-manager'] = join(projectRoot, 'infra/constructs/no-secrets-manager.ts');
  return aliases;
}

/**
 * Native modules a few functions need, by entry: left out of the esbuild bundle (a .node binary
 * cannot be bundled) and installed next to it for Lambda's platform (linux, arm64, glibc) whatever
 * the machine that synthesizes; sharp's own packages bring libvips. Every other bundle never sees
 * them (test/infra/bundling.test.ts).
 */
export const NATIVE_MODULES: Readonly<Record<string, readonly string[]>> = {
  'functions/slideshow/upload-image.ts': ['sharp'],
};

/** The modules an entry keeps external (none for almost every function). */
export function nativeModulesOf(entry: string): string[] {
  return [...(NATIVE_MODULES[entry] ?? [])];
}

/** The platform npm installs native modules for (its --os, --cpu and --libc options). */
export interface NativePlatform {
  os: string;
  cpu: string;
  /** glibc or musl; Linux only. */
  libc?: string;
}

/** Where the functions run: Lambda's nodejs22.x on arm64 (Amazon Linux 2023, glibc). */
export const LAMBDA_PLATFORM: NativePlatform = { os: 'linux', cpu: 'arm64', libc: 'glibc' };

/**
 * This machine's platform: the deployment rehearsal (docs/rehearsal.md) runs the bundles here, where
 * a binary built for Lambda cannot load. The only difference between what it runs and what deploys.
 */
export function hostPlatform(): NativePlatform {
  if (process.platform !== 'linux') return { os: process.platform, cpu: process.arch };
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const header = report?.header;
  return { os: 'linux', cpu: process.arch, libc: header?.glibcVersionRuntime ? 'glibc' : 'musl' };
}

/**
 * The CDK context value that picks the native modules' platform: `nativePlatform=host` for the
 * rehearsal, Lambda's otherwise (anything else fails the synth rather than deploy a wrong binary).
 */
export function nativePlatformFromContext(value: unknown): NativePlatform {
  if (value === undefined || value === 'lambda') return LAMBDA_PLATFORM;
  if (value === 'host') return hostPlatform();
  throw new Error(`Context nativePlatform must be "lambda" or "host", not ${JSON.stringify(value)}`);
}

/**
 * The npm arguments that install an entry's native modules into its bundle folder, for `platform`.
 * `--prefix` makes the bundle folder npm's project: the folder has no package.json, and without it
 * npm walks up to the nearest one, the repository, and rewrites ITS node_modules for that platform.
 */
export function nativeInstallArgs(
  modules: readonly string[],
  outputDir: string,
  platform: NativePlatform = LAMBDA_PLATFORM,
): string[] {
  const versions = modules.map((name) => {
    const manifest = JSON.parse(
      readFileSync(join(projectRoot, 'node_modules', name, 'package.json'), 'utf8'),
    );
    return `${name}@${(manifest as { version: string }).version}`;
  });
  return [
    'install',
    '--prefix',
    outputDir,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    `--os=${platform.os}`,
    `--cpu=${platform.cpu}`,
    ...(platform.libc ? [`--libc=${platform.libc}`] : []),
    ...versions,
  ];
}

/** The esbuild options of one entry's bundle (function-bundles.ts builds many at once with them). */
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
    alias: bundleAliases(entry),
    external: nativeModulesOf(entry),
    absWorkingDir: projectRoot,
    logLevel: 'silent',
  };
}
