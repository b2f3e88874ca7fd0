/**
 * The cold-start proxy of `npm run bench` (alone: `npm run bench:cold`): bundles every function of
 * the stack with the CDK's esbuild options (infra/constructs/bundling-options.ts, as `npm run
 * bundle-report`), then times a fresh Node process importing each bundle against an empty Node
 * process, in pairs, several rounds; the figure is the median difference. Budgets (issue
 * "Performance"): at most 60 ms above the empty process, every bundle under 600 KB. The budget is
 * checked on CPU time (user + system, reported by the process): on a shared machine wall time also
 * measures whatever else runs; both are printed.
 * Options: --runs N (rounds, default 5).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { BUNDLE_LIMIT_BYTES, stackEntries } from '../bundle-report';
import { esbuildOptions } from '../constructs/bundling-options';
import { machine } from './machine';
import { percentile, table } from './stats';

/** Most an import may add to an empty Node process (ms). */
export const IMPORT_BUDGET_MS = 60;

/**
 * What a function's module scope may read at import, as the stack sets it (values are placeholders:
 * nothing is called at import).
 */
const FUNCTION_ENV = {
  TABLE_NAME: 'shop-api-bench',
  AWS_REGION: 'eu-central-1',
  AUTH_ISSUER: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_bench',
  AUTH_JWKS_URI: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_bench/.well-known/jwks.json',
  AUTH_AUDIENCE: '',
  SHOP_ID: 'demo',
  EVENT_BUS_NAME: 'shop-api-bench',
  LOG_LEVEL: 'warn',
  NODE_OPTIONS: '',
};

export interface ColdStart {
  name: string;
  bytes: number;
  /** Median wall time of a Node process importing the bundle, start to exit (ms). */
  importMs: number;
  /** Median of (bundle − empty process) wall time, measured in adjacent pairs (ms). */
  wallDeltaMs: number;
  /** Median CPU time (user + system) the import adds to an empty process (ms): the budget's figure. */
  deltaMs: number;
  error?: string;
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

/** Bundles every function and times its import; `say` reports progress. */
export async function measureColdStarts(
  { runs }: { runs: number },
  say: (line: string) => void,
): Promise<{ baselineMs: number; baselineCpuMs: number; results: ColdStart[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-api-cold-'));
  try {
    const entries = stackEntries();
    say(`bundling ${entries.length} functions...`);
    const bundles = await Promise.all(
      entries.map(async ({ name, entry }) => {
        const outfile = join(dir, name, 'index.mjs');
        await build(esbuildOptions(entry, outfile));
        return { name, file: outfile, bytes: statSync(outfile).size };
      }),
    );
    say(`timing imports: ${runs} rounds of ${bundles.length} pairs...`);
    const baselines: Sample[] = [];
    const samples = new Map<string, { own: Sample[]; wallDeltas: number[]; error?: string }>(
      bundles.map((b) => [b.name, { own: [], wallDeltas: [] }]),
    );
    for (let round = 0; round < runs; round++) {
      for (const bundle of bundles) {
        const base = timeNode('');
        const own = timeNode(`await import(${JSON.stringify(pathToFileURL(bundle.file).href)});`);
        const entry = samples.get(bundle.name) as { own: Sample[]; wallDeltas: number[]; error?: string };
        if ('error' in base) throw new Error(`an empty Node process failed: ${base.error}`);
        baselines.push(base);
        if ('error' in own) {
          entry.error = own.error;
          continue;
        }
        entry.own.push(own);
        entry.wallDeltas.push(own.wallMs - base.wallMs);
      }
    }
    const baselineCpuMs = percentile(
      baselines.map((b) => b.cpuMs),
      50,
    );
    const results = bundles.map((b) => {
      const t = samples.get(b.name) as { own: Sample[]; wallDeltas: number[]; error?: string };
      return {
        name: b.name,
        bytes: b.bytes,
        importMs: percentile(
          t.own.map((o) => o.wallMs),
          50,
        ),
        wallDeltaMs: percentile(t.wallDeltas, 50),
        deltaMs:
          percentile(
            t.own.map((o) => o.cpuMs),
            50,
          ) - baselineCpuMs,
        ...(t.error ? { error: t.error } : {}),
      };
    });
    results.sort((a, b) => b.deltaMs - a.deltaMs);
    return {
      baselineMs: percentile(
        baselines.map((b) => b.wallMs),
        50,
      ),
      baselineCpuMs,
      results,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The budgets a function misses; empty when it meets them. */
export function missedColdBudgets(result: ColdStart): string[] {
  const missed: string[] = [];
  if (result.error) missed.push(`${result.name}: import failed: ${result.error}`);
  if (!(result.deltaMs <= IMPORT_BUDGET_MS))
    missed.push(
      `${result.name}: import takes ${result.deltaMs.toFixed(1)} ms above an empty Node process (budget ≤ ${IMPORT_BUDGET_MS} ms)`,
    );
  if (result.bytes >= BUNDLE_LIMIT_BYTES)
    missed.push(`${result.name}: bundle ${kb(result.bytes)} (budget < ${kb(BUNDLE_LIMIT_BYTES)})`);
  return missed;
}

/** The cold-start table. */
export function coldTable(cold: { baselineMs: number; baselineCpuMs: number; results: ColdStart[] }): string {
  return [
    `empty Node process (node --input-type=module -e ""): median ${cold.baselineMs.toFixed(1)} ms wall, ${cold.baselineCpuMs.toFixed(1)} ms CPU`,
    '',
    table(
      ['function', 'bundle', 'import ms (wall)', 'Δ wall ms', 'Δ CPU ms', 'budget', 'result'],
      cold.results.map((r) => [
        r.name,
        kb(r.bytes),
        r.importMs.toFixed(1),
        r.wallDeltaMs.toFixed(1),
        r.deltaMs.toFixed(1),
        `Δ CPU ≤${IMPORT_BUDGET_MS} ms, <${BUNDLE_LIMIT_BYTES / 1024} KB`,
        missedColdBudgets(r).length === 0 ? 'ok' : 'MISSED',
      ]),
    ),
  ].join('\n');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * One fresh Node process importing `imports` (nothing: the empty process), start to exit: its wall
 * time, and the CPU time (user + system) it used up to the end of the import, which the process
 * reports itself. On a machine shared with other work the wall time also measures the neighbours;
 * the CPU time is what the import costs.
 */
function timeNode(imports: string): Sample | { error: string } {
  const code = `${imports} const u = process.cpuUsage(); process.stdout.write(JSON.stringify((u.user + u.system) / 1000));`;
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    env: { PATH: process.env.PATH ?? '', ...FUNCTION_ENV },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const wallMs = performance.now() - started;
  if (run.status !== 0)
    return { error: (run.stderr || run.error?.message || `exit ${run.status}`).split('\n')[0] ?? '' };
  return { wallMs, cpuMs: Number(run.stdout) };
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } }, strict: true });
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const cold = await measureColdStarts({ runs: Number(values.runs) }, say);
  const m = machine();
  process.stdout.write(`machine: ${m.cpus} CPUs, ${m.cpuModel}, Node ${m.node}\n\n${coldTable(cold)}\n`);
  const missed = cold.results.flatMap(missedColdBudgets);
  for (const line of missed) say(`budget missed: ${line}`);
  return missed.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}
