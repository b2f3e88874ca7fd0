/**
 * The cold-start proxy of `npm run bench` (alone: `npm run bench:cold`): bundles every function of
 * the stack with the CDK's esbuild options (infra/constructs/bundling-options.ts, as `npm run
 * bundle-report`), then times a fresh Node process importing each bundle against an empty Node
 * process, in pairs, several rounds. Budgets (issue "Performance"): at most 60 ms above the empty
 * process, every bundle under 600 KB. The budget is checked on CPU time (user + system, reported by
 * the process): on a shared machine wall time also measures whatever else runs. Even CPU time swings
 * with the neighbours' load (the same bundle measured 62–101 ms in 25 runs), and interference only
 * ever adds: so the budget's figure is the lower quartile of each side (what the import costs when
 * nothing gets in its way); the medians are printed next to it.
 * Options: --runs N (rounds, default 15).
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
  /** CPU time (user + system) the import adds to an empty process, lower quartiles (ms): the budget's figure. */
  deltaMs: number;
  /** The same from the medians (ms), which the neighbours' load pushes up. */
  medianDeltaMs: number;
  error?: string;
}

/** The quantile of each side the budget is checked on (see the module comment). */
const BUDGET_PERCENTILE = 25;

interface Sample {
  wallMs: number;
  cpuMs: number;
}

/** Bundles every function and times its import; `say` reports progress. */
export async function measureColdStarts(
  { runs }: { runs: number },
  say: (line: string) => void,
): Promise<ColdStarts> {
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
    const baselineCpu = baselines.map((b) => b.cpuMs);
    const baselineCpuMs = percentile(baselineCpu, BUDGET_PERCENTILE);
    const baselineMedianCpuMs = percentile(baselineCpu, 50);
    const results = bundles.map((b) => {
      const t = samples.get(b.name) as { own: Sample[]; wallDeltas: number[]; error?: string };
      const cpu = t.own.map((o) => o.cpuMs);
      return {
        name: b.name,
        bytes: b.bytes,
        importMs: percentile(
          t.own.map((o) => o.wallMs),
          50,
        ),
        wallDeltaMs: percentile(t.wallDeltas, 50),
        deltaMs: percentile(cpu, BUDGET_PERCENTILE) - baselineCpuMs,
        medianDeltaMs: percentile(cpu, 50) - baselineMedianCpuMs,
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
      baselineMedianCpuMs,
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

export interface ColdStarts {
  /** Median wall time of the empty process (ms). */
  baselineMs: number;
  /** The empty process's CPU time, lower quartile and median (ms). */
  baselineCpuMs: number;
  baselineMedianCpuMs: number;
  results: ColdStart[];
}

/** The cold-start table. */
export function coldTable(cold: ColdStarts): string {
  return [
    `empty Node process (node --input-type=module -e ""): median ${cold.baselineMs.toFixed(1)} ms wall; CPU ${cold.baselineCpuMs.toFixed(1)} ms (lower quartile), ${cold.baselineMedianCpuMs.toFixed(1)} ms (median)`,
    '',
    table(
      [
        'function',
        'bundle',
        'import ms (wall)',
        'Δ wall ms',
        'Δ CPU ms (median)',
        'Δ CPU ms (p25)',
        'budget',
        'result',
      ],
      cold.results.map((r) => [
        r.name,
        kb(r.bytes),
        r.importMs.toFixed(1),
        r.wallDeltaMs.toFixed(1),
        r.medianDeltaMs.toFixed(1),
        r.deltaMs.toFixed(1),
        `Δ CPU (p25) ≤${IMPORT_BUDGET_MS} ms, <${BUNDLE_LIMIT_BYTES / 1024} KB`,
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
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } }, strict: true });
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
