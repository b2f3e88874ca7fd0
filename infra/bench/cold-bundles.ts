import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import {
  bundleAliases,
  esbuildOptions,
  hostPlatform,
  nativeInstallArgs,
  nativeModulesOf,
} from '../constructs/bundling-options';
import { stackEntries } from '../function-entries';

/**
 * The bundles `npm run bench:cold` times (infra/bench/cold-start.ts): every function of the stack
 * with the CDK's esbuild options, the floor (infra/bench/cold-floor.ts), and for a function that
 * also reaches S3 or holds native modules a floor that loads the same (those are the platform's cost
 * of its work, not our code's). Native modules are installed beside their bundles for this host, as
 * the deployment rehearsal's synthesis installs them.
 */

/** The floor's entry: one GetItem with the same SDK client. */
export const FLOOR_ENTRY = fileURLToPath(new URL('./cold-floor.ts', import.meta.url));
/** The floor of a function that also reaches S3: the same, then one S3 call. */
const FLOOR_S3_ENTRY = fileURLToPath(new URL('./cold-floor-s3.ts', import.meta.url));

export interface Bundle {
  name: string;
  file: string;
  bytes: number;
  /** The floor this bundle is paired with when not the common one (S3, native modules). */
  floor?: Bundle;
}

/**
 * Bundles into `dir` the functions `only` names (all by default) with the stack's esbuild options,
 * their floor, and each bundle's own floor where it needs one (S3, native modules).
 */
export async function bundleColdStarts(
  dir: string,
  { only, versusOn }: { only?: string | undefined; versusOn?: boolean | undefined },
  say: (line: string) => void,
): Promise<{ floor: Bundle; bundles: Bundle[] }> {
  // A name that is exactly one function's means that function alone (getProduct, not getProductType).
  const all = stackEntries();
  const exact = all.filter(({ name }) => name === only);
  const entries = exact.length > 0 ? exact : all.filter(({ name }) => !only || name.includes(only));
  say(`bundling ${entries.length} functions and the floor...`);
  const bundleOf = async (name: string, entry: string, floor = false): Promise<Bundle & { s3: boolean }> => {
    const file = join(dir, name, 'index.mjs');
    const options = esbuildOptions(entry, file);
    const { metafile } = await build({
      ...options,
      ...(floor ? { alias: bundleAliases(entry, () => true) } : {}),
      metafile: true,
    });
    // Code of the S3 client in the output (an import that tree-shaking emptied does not count).
    const s3 = Object.values(metafile.outputs).some((output) =>
      Object.entries(output.inputs).some(
        ([input, { bytesInOutput }]) =>
          input.includes('node_modules/@aws-sdk/client-s3/') && bytesInOutput > 0,
      ),
    );
    return { name, file, bytes: statSync(file).size, s3 };
  };
  const [one] = entries;
  if (versusOn && (entries.length !== 1 || !one))
    throw new Error('--versus-on needs --only naming one function');
  const floor =
    versusOn && one
      ? await bundleOf('(the same, every trick on)', one.entry, true)
      : await bundleOf('(floor)', FLOOR_ENTRY, true);
  const ownFloors = new Map<string, Promise<Bundle>>();
  const bundles = await Promise.all(
    entries.map(async ({ name, entry }) => {
      const { s3, ...bundle } = await bundleOf(name, entry);
      const native = nativeModulesOf(entry);
      // Native modules are installed beside the bundle for this host, as the rehearsal's synthesis does.
      if (native.length > 0) installForHost(native, dirname(bundle.file));
      if (versusOn) {
        if (native.length > 0) installForHost(native, dirname(floor.file));
        return bundle;
      }
      if (!s3 && native.length === 0) return bundle;
      // The S3 client's code, and a native module's binary (sharp: libvips, ~100 ms), load at
      // import whoever writes the function: such a bundle's floor loads the same.
      const key = [s3 ? 'S3' : '', ...native].filter(Boolean).join(', ');
      let own = ownFloors.get(key);
      if (!own) {
        own = bundleOwnFloor(dir, key, s3, native);
        ownFloors.set(key, own);
      }
      return { ...bundle, floor: await own };
    }),
  );
  return { floor, bundles };
}

/** The floor (with its S3 call when `s3`) plus an import of each native module, installed for this host. */
async function bundleOwnFloor(
  dir: string,
  key: string,
  s3: boolean,
  native: readonly string[],
): Promise<Bundle> {
  const base = s3 ? FLOOR_S3_ENTRY : FLOOR_ENTRY;
  const folder = join(dir, `(floor with ${key})`);
  const entry = join(dir, `floor-${key.replace(/\W+/g, '-')}.mjs`);
  writeFileSync(
    entry,
    `${native.map((module) => `import ${JSON.stringify(module)};`).join('\n')}\nexport { handler } from ${JSON.stringify(base)};\n`,
  );
  const file = join(folder, 'index.mjs');
  await build({
    ...esbuildOptions(base, file),
    entryPoints: [entry],
    external: [...native],
    alias: bundleAliases(base, () => true),
  });
  if (native.length > 0) installForHost(native, folder);
  return { name: `(floor with ${key})`, file, bytes: statSync(file).size };
}

/** Installs native modules into a bundle's folder for this machine, as the rehearsal's synthesis does. */
function installForHost(native: readonly string[], folder: string): void {
  execFileSync('npm', nativeInstallArgs(native, folder, hostPlatform()), {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
