import { loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { type SpeedTrick, setSpeedTricksOff } from '../../lib/speed/switches';
import { issueDevToken } from '../local/dev-issuer';
import { listFirstPage } from './list';
import type { Scenario } from './scenario';
import { searchQueryAndFilters, searchTwoFilters } from './search';
import { percentile, table } from './stats';
import { inProcessTransport } from './transport';

/**
 * The `tricks` part of `npm run bench`: what each speed trick (lib/speed/switches.ts) saves, in this
 * process, with and without it, request by request. Each pair sends the same request once with
 * every trick on and once with the one trick off (which goes first alternates), through the
 * handler's whole pipeline and DynamoDB Local, like the in-process part. A busy moment of the
 * shared host therefore lands on both sides of a pair; the figure is the median of the pairs'
 * differences (off − on) with a 95% bootstrap interval. A trick whose interval holds 0 saves
 * nothing measurable ("noise"). The first row switches nothing off (both sides on): what noise
 * alone gives. Both sides must give the same answer (the same JSON); a difference is a missed budget.
 * Bundling aliases are measured by the cold-start part (`SPEED_TRICKS_OFF=... npm run bench:cold`).
 */

/** The tricks measured here: those that act while a request runs. */
const RUNTIME_TRICKS: readonly SpeedTrick[] = [
  'early-read',
  'speculative-answers',
  'verified-tokens',
  'json-parts',
  'ascii-json',
  'kept-views',
  'facet-tables',
];

export interface TrickResult {
  trick: SpeedTrick | 'none';
  scenario: string;
  onMs: number;
  offMs: number;
  /** Median of the pairs' (off − on), ms, and its 95% bootstrap interval. */
  savedMs: number;
  low: number;
  high: number;
  differentAnswers: number;
}

/** Measures every runtime trick (or those `only` names) on each scenario, `pairs` pairs each. Needs applyLocalEnv first. */
export async function measureSpeedTricks(
  shopId: string,
  pairs: number,
  say: (line: string) => void,
  only?: readonly string[],
): Promise<{ report: string; missed: string[]; results: TrickResult[] }> {
  // The cold load outside a handler first (see in-process.ts).
  if (!(await loadCatalog(shopId))) throw new Error('the bench shop has no catalog');
  const transport = inProcessTransport(issueDevToken(shopId));
  const scenarios: Scenario[] = [
    searchTwoFilters(shopId),
    searchQueryAndFilters(shopId),
    listFirstPage(shopId),
  ];
  const results: TrickResult[] = [];
  try {
    const tricks = RUNTIME_TRICKS.filter((t) => !only || only.includes(t));
    for (const trick of ['none', ...tricks] as const) {
      for (const scenario of scenarios) {
        say(`speed trick ${trick}: ${scenario.name}...`);
        const send = async (off: string, i: number) => {
          setSpeedTricksOff(off);
          const started = performance.now();
          const response = await transport(scenario.request(i));
          return { ms: performance.now() - started, body: `${response.status} ${response.body}` };
        };
        const off = trick === 'none' ? '' : trick;
        // Warm both paths (the JIT, the kept values of the on side).
        for (let i = 0; i < 20; i++) {
          await send('', i);
          await send(off, i);
        }
        const on: number[] = [];
        const without: number[] = [];
        let differentAnswers = 0;
        for (let i = 0; i < pairs; i++) {
          // Which side goes first alternates (the second of a pair tends to be faster).
          const onFirst = i % 2 === 0;
          const a = await send(onFirst ? '' : off, i);
          const b = await send(onFirst ? off : '', i);
          const [onSide, offSide] = onFirst ? [a, b] : [b, a];
          on.push(onSide.ms);
          without.push(offSide.ms);
          if (!sameAnswer(onSide.body, offSide.body)) differentAnswers++;
        }
        const diffs = on.map((ms, k) => (without[k] as number) - ms);
        const [low, high] = bootstrapMedianInterval(diffs);
        results.push({
          trick,
          scenario: scenario.name,
          onMs: percentile(on, 50),
          offMs: percentile(without, 50),
          savedMs: percentile(diffs, 50),
          low,
          high,
          differentAnswers,
        });
      }
    }
  } finally {
    setSpeedTricksOff(process.env.SPEED_TRICKS_OFF);
  }
  const report = [
    `speed tricks in process (${pairs} pairs per row: the same request with every trick on and with one off, alternating; saved = median of off − on, 95% bootstrap interval)`,
    '',
    table(
      ['trick off', 'scenario', 'p50 on ms', 'p50 off ms', 'saved ms', '95% interval', 'saved %', 'verdict'],
      results.map((r) => [
        r.trick,
        r.scenario,
        r.onMs.toFixed(3),
        r.offMs.toFixed(3),
        r.savedMs.toFixed(3),
        `${r.low.toFixed(3)}..${r.high.toFixed(3)}`,
        `${((100 * r.savedMs) / r.onMs).toFixed(0)} %`,
        r.differentAnswers > 0 ? 'DIFFERENT ANSWERS' : r.low > 0 ? 'saves' : r.high < 0 ? 'costs' : 'noise',
      ]),
    ),
  ].join('\n');
  const missed = results
    .filter((r) => r.differentAnswers > 0)
    .map((r) => `${r.trick} off changed ${r.differentAnswers} answers of ${r.scenario}`);
  return { report, missed, results };
}

/** The same status and body, or the same status and the same JSON (`ascii-json` writes `€` as `\u20ac`). */
function sameAnswer(a: string, b: string): boolean {
  if (a === b) return true;
  const json = (answer: string) => {
    const at = answer.indexOf(' ');
    return `${answer.slice(0, at)} ${JSON.stringify(JSON.parse(answer.slice(at + 1)))}`;
  };
  return json(a) === json(b);
}

/** The 95% interval of a sample's median, by resampling it 1,000 times. */
function bootstrapMedianInterval(values: readonly number[]): [number, number] {
  const medians: number[] = [];
  const sample = new Array<number>(values.length);
  for (let b = 0; b < 1000; b++) {
    for (let k = 0; k < values.length; k++)
      sample[k] = values[Math.floor(Math.random() * values.length)] as number;
    medians.push(percentile(sample, 50));
  }
  return [percentile(medians, 2.5), percentile(medians, 97.5)];
}
