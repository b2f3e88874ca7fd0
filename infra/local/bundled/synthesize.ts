import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { projectRoot } from '../../constructs/bundling-options';

/**
 * The rehearsal's cloud assembly: `cdk synth` exactly as `npm run synth` runs it (the CLI, cdk.json's
 * app, cdk-nag), with one difference: `nativePlatform=host` installs native modules (sharp) for this
 * machine instead of Lambda's, since a linux-arm64 binary cannot load here. Written outside the
 * repository, so no bundle can resolve a module from the repository's node_modules.
 */

/** The default assembly folder: one per checkout, under the system's temporary folder. */
export function defaultAssemblyDir(): string {
  const checkout = createHash('sha256').update(projectRoot).digest('hex').slice(0, 10);
  return join(tmpdir(), `shop-api-rehearsal-${checkout}`);
}

/** Fails when a node_modules folder lies on a bundle's resolution path (the folder or one above it). */
export function assertNoNodeModulesAbove(directory: string): void {
  for (let dir = resolve(directory); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules')))
      throw new Error(
        `${join(dir, 'node_modules')} lies on the resolution path of the bundles in ${directory}: they could load modules the deployment lacks. Use an assembly folder outside any project.`,
      );
    if (dirname(dir) === dir) return;
  }
}

/**
 * Synthesizes the shop stack into `outDir` (emptied first); `progress` gets a line per bundled
 * function. Rejects with the CLI's last lines when it fails.
 */
export function synthesizeAssembly(outDir: string, progress: (line: string) => void): Promise<void> {
  assertNoNodeModulesAbove(dirname(outDir));
  rmSync(outDir, { recursive: true, force: true });
  const args = [
    'synth',
    '--no-notices',
    '--quiet',
    '--context',
    'shopId=demo',
    '--context',
    'nativePlatform=host',
    '--output',
    outDir,
  ];
  const child = spawn(join(projectRoot, 'node_modules', '.bin', 'cdk'), args, {
    cwd: projectRoot,
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  let bundled = 0;
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      const asset = /^Bundling asset (\S+?)\/(?:Function\/)?Code\/Stage\.\.\./.exec(line);
      if (asset) progress(`bundled ${++bundled}: ${asset[1]}`);
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) =>
      code === 0 ? done() : fail(new Error(`cdk synth failed (exit ${code}):\n${tail.join('\n')}`)),
    );
  });
}
