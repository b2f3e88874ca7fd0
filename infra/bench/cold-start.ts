/**
 * The cold-start proxy of `npm run bench` (alone: `npm run bench:cold`): bundles every function of
 * the stack with the CDK's esbuild options (infra/constructs/bundling-options.ts, as `npm run
 * bundle-report`) and a floor bundle (infra/bench/cold-floor.ts: a bare handler making one GetItem
 * with the same SDK client, same options), then times the import of each in a fresh Node process.
 * Budgets (issue "Operations"): each bundle's import CPU ≤ 1.5× the floor's, every bundle < 600 KB.
 *
 * Why a ratio: on this shared host absolute import figures swing about 2× with the neighbours'
 * load. Each bundle is therefore imported right next to the floor (adjacent pair, order
 * alternating round by round), and the budget's figure is the median over the rounds of the
 * pair's ratio: a busy moment weighs on both sides of one ratio. A bundle over the budget after
 * the rounds is timed for as many again and judged on all of its rounds.
 * Import CPU is measured inside the child: `process.cpuUsage()` (user + system, all threads) around
 * the `import()` alone, so Node's own start-up is not in it.
 * The floor is bundled with every speed trick on, so a run with SPEED_TRICKS_OFF naming an alias
 * measures the functions without it against the same floor.
 * A bundle that also reaches S3 (images, exports) or holds native modules (the upload: sharp) is
 * paired with a floor that loads the same (infra/bench/cold-bundles.ts).
 * Options: --runs N (rounds, default 11), --only TEXT (functions whose name contains TEXT),
 * --versus-on (with --only naming one function: its pair is that function bundled with every trick
 * on instead of the floor, so `SPEED_TRICKS_OFF=<alias> npm run bench:cold -- --only getProduct
 * --versus-on` prints what the alias saves as a ratio of adjacent pairs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BUNDLE_LIMIT_BYTES } from '../bundle-report';
import { type Bundle, bundleColdStarts } from './cold-bundles';
import { machine } from './machine';
import { percentile, table } from './stats';

/** Most a bundle's import CPU may be, as a multiple of the floor's measured beside it. */
export const IMPORT_RATIO_BUDGET = 1.5;

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
  /** Median CPU time (user + system) of the import alone (ms). */
  cpuMs: number;
  /** Median CPU time of the floor's imports paired with this bundle's (ms). */
  floorCpuMs: number;
  /** Median over the rounds of (this import's CPU / the paired floor import's CPU): the budget's figure. */
  ratio: number;
  /** Rounds timed: twice the others' for a bundle over the budget after the first ones. */
  rounds: number;
  /** Median wall time of the import alone (ms), which the neighbours' load pushes up. */
  wallMs: number;
  /** The floor it was paired with when not the common one (S3, native modules). */
  ownFloor?: string;
  error?: string;
}

export interface ColdStarts {
  /** The floor bundle's size and its import figures over every pair. */
  floor: { bytes: number; cpuMs: number; wallMs: number };
  rounds: number;
  results: ColdStart[];
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

/** Bundles every function and its floor, then times their imports in pairs; `say` reports progress. */
export async function measureColdStarts(
  options: { runs: number; only?: string | undefined; versusOn?: boolean | undefined },
  say: (line: string) => void,
): Promise<ColdStarts> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-api-cold-'));
  try {
    const { floor, bundles } = await bundleColdStarts(dir, options, say);
    return timeBundles(floor, bundles, options.runs, say);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Times each bundle against its floor in adjacent pairs, `runs` rounds. */
export function timeBundles(
  floor: Bundle,
  bundles: readonly Bundle[],
  runs: number,
  say: (line: string) => void,
) {
  say(`timing imports: ${runs} rounds of ${bundles.length} pairs (floor, bundle)...`);
  const floorSamples: Sample[] = [];
  const samples = new Map<string, { own: Sample[]; floor: Sample[]; ratios: number[]; error?: string }>(
    bundles.map((b) => [b.name, { own: [], floor: [], ratios: [] }]),
  );
  const timeRounds = (list: readonly Bundle[]) => {
    for (let round = 0; round < runs; round++) {
      list.forEach((bundle, i) => {
        // Alternate which side goes first, so neither is always the one after a pause.
        const floorFirst = (round + i) % 2 === 0;
        const pairedFloor = bundle.floor ?? floor;
        const first = timeImport(floorFirst ? pairedFloor.file : bundle.file);
        const second = timeImport(floorFirst ? bundle.file : pairedFloor.file);
        const [base, own] = floorFirst ? [first, second] : [second, first];
        if ('error' in base) throw new Error(`the floor bundle failed to import: ${base.error}`);
        const entry = samples.get(bundle.name) as NonNullable<ReturnType<typeof samples.get>>;
        if (!bundle.floor) floorSamples.push(base);
        if ('error' in own) {
          entry.error = own.error;
          return;
        }
        entry.own.push(own);
        entry.floor.push(base);
        entry.ratios.push(own.cpuMs / base.cpuMs);
      });
    }
  };
  timeRounds(bundles);
  // A bundle over the budget is timed for as many rounds again and judged on all of them: a real
  // excess stays, one round's noise (about ±0.1 in ratio on this host) settles.
  const over = bundles.filter((b) => {
    const t = samples.get(b.name);
    return t && !t.error && percentile(t.ratios, 50) > IMPORT_RATIO_BUDGET;
  });
  if (over.length > 0) {
    say(`timing again the ${over.length} over the budget: ${runs} more rounds...`);
    timeRounds(over);
  }
  const median = (values: number[]) => percentile(values, 50);
  const results = bundles.map((b): ColdStart => {
    const t = samples.get(b.name) as NonNullable<ReturnType<typeof samples.get>>;
    return {
      name: b.name,
      bytes: b.bytes,
      cpuMs: median(t.own.map((s) => s.cpuMs)),
      floorCpuMs: median(t.floor.map((s) => s.cpuMs)),
      ratio: median(t.ratios),
      rounds: t.ratios.length,
      wallMs: median(t.own.map((s) => s.wallMs)),
      ...(b.floor ? { ownFloor: b.floor.name } : {}),
      ...(t.error ? { error: t.error } : {}),
    };
  });
  results.sort((a, b) => b.ratio - a.ratio);
  return {
    floor: {
      bytes: floor.bytes,
      cpuMs: median(floorSamples.map((s) => s.cpuMs)),
      wallMs: median(floorSamples.map((s) => s.wallMs)),
    },
    rounds: runs,
    results,
  };
}

/** The budgets a function misses; empty when it meets them. */
export function missedColdBudgets(result: ColdStart): string[] {
  const missed: string[] = [];
  if (result.error) missed.push(`${result.name}: import failed: ${result.error}`);
  if (!(result.ratio <= IMPORT_RATIO_BUDGET))
    missed.push(
      `${result.name}: import CPU ${result.ratio.toFixed(2)}× the floor's (budget ≤ ${IMPORT_RATIO_BUDGET}×)`,
    );
  if (result.bytes >= BUNDLE_LIMIT_BYTES)
    missed.push(`${result.name}: bundle ${kb(result.bytes)} (budget < ${kb(BUNDLE_LIMIT_BYTES)})`);
  return missed;
}

/** The cold-start table. */
export function coldTable(cold: ColdStarts): string {
  return [
    `cold start: import CPU of each bundle against the floor (one GetItem, same SDK client and bundling; ${kb(cold.floor.bytes)}), adjacent pairs, ${cold.rounds} rounds${Number.isNaN(cold.floor.cpuMs) ? '' : `; floor import median ${cold.floor.cpuMs.toFixed(1)} ms CPU, ${cold.floor.wallMs.toFixed(1)} ms wall`}`,
    ...cold.results
      .filter((r) => r.rounds > cold.rounds)
      .map((r) => `${r.name}: over the budget after ${cold.rounds} rounds, judged on ${r.rounds}`),
    ...[...new Set(cold.results.flatMap((r) => r.ownFloor ?? []))].map(
      (own) =>
        `paired with ${own}: ${cold.results
          .filter((r) => r.ownFloor === own)
          .map((r) => r.name)
          .join(', ')}`,
    ),
    '',
    table(
      ['function', 'bundle', 'import CPU ms', 'floor CPU ms', 'ratio', 'import wall ms', 'budget', 'result'],
      cold.results.map((r) => [
        r.name,
        kb(r.bytes),
        r.cpuMs.toFixed(1),
        r.floorCpuMs.toFixed(1),
        `${r.ratio.toFixed(2)}×`,
        r.wallMs.toFixed(1),
        `≤${IMPORT_RATIO_BUDGET}×, <${BUNDLE_LIMIT_BYTES / 1024} KB`,
        missedColdBudgets(r).length === 0 ? 'ok' : 'MISSED',
      ]),
    ),
  ].join('\n');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * One fresh Node process importing `file`: the CPU time (user + system) and wall time of the
 * import alone, which the process measures around its `import()`.
 */
function timeImport(file: string): Sample | { error: string } {
  const code = `const c = process.cpuUsage(); const w = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); const u = process.cpuUsage(c); process.stdout.write(JSON.stringify({ cpuMs: (u.user + u.system) / 1000, wallMs: performance.now() - w }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    env: { PATH: process.env.PATH ?? '', ...FUNCTION_ENV },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (run.status !== 0) {
    // Node's first stderr line is only where it failed (`…/esm/resolve:873`): name the error too.
    const lines = (run.stderr || run.error?.message || `exit ${run.status}`).split('\n');
    return {
      error: [lines[0], lines.find((line) => /^\w*Error\b|^Error \[/.test(line))].filter(Boolean).join(': '),
    };
  }
  return JSON.parse(run.stdout) as Sample;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '11' },
      only: { type: 'string' },
      'versus-on': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const cold = await measureColdStarts(
    { runs: Number(values.runs), only: values.only, versusOn: values['versus-on'] },
    say,
  );
  const m = machine();
  process.stdout.write(
    `machine: ${m.cpus} CPUs, ${m.cpuModel}, Node ${m.node}\nspeed tricks off (SPEED_TRICKS_OFF): ${process.env.SPEED_TRICKS_OFF || 'none'}\n\n${coldTable(cold)}\n`,
  );
  const missed = cold.results.flatMap(missedColdBudgets);
  for (const line of missed) say(`budget missed: ${line}`);
  return missed.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}
