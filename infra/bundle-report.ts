import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { esbuildOptions, projectRoot } from './constructs/bundling-options';
import { stackEntries } from './function-entries';

/**
 * `npm run bundle-report`: bundles every function of the stack with exactly the esbuild options
 * the CDK construct uses (infra/constructs/bundling-options.ts) and prints each minified size.
 * Exits 1 when any bundle reaches the budget: big bundles mean slow cold starts.
 */

/** The size budget of one function's code (the .mjs, without its source map). */
export const BUNDLE_LIMIT_BYTES = 600 * 1024;

export interface BundleSize {
  name: string;
  entry: string;
  bytes: number;
}

/** Bundles one handler in memory (as the stack does) and measures its minified code. */
export async function bundleSize(name: string, entry: string): Promise<BundleSize> {
  const outfile = join(projectRoot, 'cdk.out', 'bundle-report', name, 'index.mjs');
  const result = await build({ ...esbuildOptions(entry, outfile), write: false });
  const code = result.outputFiles.find((f) => f.path.endsWith('.mjs'));
  if (!code) throw new Error(`${entry}: esbuild produced no .mjs`);
  return { name, entry, bytes: code.contents.byteLength };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<number> {
  const started = Date.now();
  const results = await Promise.allSettled(stackEntries().map((e) => bundleSize(e.name, e.entry)));
  const failures = stackEntries().flatMap((e, i) => {
    const r = results[i];
    return r?.status === 'rejected' ? [`${e.name} (${e.entry}): ${errorText(r.reason)}`] : [];
  });
  const sizes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  sizes.sort((a, b) => b.bytes - a.bytes);
  const width = Math.max(...sizes.map((s) => s.name.length));
  for (const s of sizes) {
    const flag = s.bytes >= BUNDLE_LIMIT_BYTES ? '  OVER BUDGET' : '';
    console.log(`${s.name.padEnd(width)}  ${kb(s.bytes).padStart(10)}  ${s.entry}${flag}`);
  }
  const [largest] = sizes;
  const over = sizes.filter((s) => s.bytes >= BUNDLE_LIMIT_BYTES);
  console.log(
    `\n${sizes.length} functions bundled in ${((Date.now() - started) / 1000).toFixed(1)} s; largest ${largest?.name} ${kb(largest?.bytes ?? 0)}; budget < ${kb(BUNDLE_LIMIT_BYTES)}`,
  );
  for (const failure of failures) console.error(`could not bundle ${failure}`);
  if (over.length > 0 || failures.length > 0) {
    console.error(`${over.length} bundle(s) at or over the budget: ${over.map((s) => s.name).join(', ')}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(errorText(error));
      process.exit(1);
    },
  );
}
