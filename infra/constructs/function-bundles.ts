import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildOptions, buildSync } from 'esbuild';
import { esbuildOptions, type NativePlatform, nativeInstallArgs, nativeModulesOf } from './bundling-options';

/**
 * The functions' bundles, built many at once. The entries a synthesis will ask for are registered
 * first (`wantBundles`); the first asset CDK stages then builds all of them in one esbuild call per
 * set of options (entries share parsing and run on every core), and each asset
 * takes its copy (`bundleInto`). One esbuild process per function, as NodejsFunction runs it, made a
 * synthesis of the shop's ~100 functions take minutes; this takes seconds (docs/deploy.md).
 * The bundles are byte for byte those of `esbuildOptions` alone (test/infra/bundling.test.ts).
 */

const wanted = new Set<string>();
/** Entry → the folder holding its index.mjs and index.mjs.map. */
const built = new Map<string, string>();
let scratch: string | undefined;

/**
 * Registers entries (relative to the repository root) for the next batch. CDK stages each asset as
 * its function is constructed, so a stack names all its entries first (ShopStack), or every
 * function would be a batch of one.
 */
export function wantBundles(entries: Iterable<string>): void {
  for (const entry of entries) wanted.add(entry);
}

/** Copies the entry's bundle into an asset folder and installs its native modules there for `platform`. */
export function bundleInto(entry: string, outputDir: string, platform: NativePlatform): void {
  wanted.add(entry);
  if (!built.has(entry)) buildWanted();
  const folder = built.get(entry) as string;
  for (const file of ['index.mjs', 'index.mjs.map']) copyFileSync(join(folder, file), join(outputDir, file));
  const native = nativeModulesOf(entry);
  if (native.length > 0)
    execFileSync('npm', nativeInstallArgs(native, outputDir, platform), {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
}

/** Builds every wanted entry not built yet, one esbuild call per distinct set of options. */
function buildWanted(): void {
  scratch ??= makeScratch();
  const groups = new Map<string, { options: BuildOptions; entries: string[] }>();
  // entryPoints and outfile are per entry; everything else decides the group.
  for (const entry of wanted) {
    if (built.has(entry)) continue;
    const { entryPoints: _entry, outfile: _outfile, ...options } = esbuildOptions(entry, 'index.mjs');
    const key = JSON.stringify(options);
    const group = groups.get(key) ?? { options, entries: [] as string[] };
    group.entries.push(entry);
    groups.set(key, group);
  }
  for (const { options, entries } of groups.values()) {
    const outdir = join(scratch, String(built.size));
    const result = buildSync({
      ...options,
      entryPoints: entries.map((entry) => ({ in: entry, out: `${slug(entry)}/index` })),
      outdir,
      outExtension: { '.js': '.mjs' },
      logLevel: 'error',
    });
    if (result.errors.length > 0) throw new Error(`esbuild failed: ${result.errors[0]?.text}`);
    for (const entry of entries) built.set(entry, join(outdir, slug(entry)));
  }
}

/** `functions/carts/create-cart.ts` → `functions__carts__create-cart`. */
const slug = (entry: string) => entry.replace(/\.[cm]?[jt]s$/, '').replaceAll('/', '__');

function makeScratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bundles-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
