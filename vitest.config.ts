import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Four projects (README "Tests"); `npm test` runs them all at once, `npm run test:unit|test:api|test:rehearsal|test:slow`
 * one each (`vitest run --project <name>`).
 * - unit: no DynamoDB, no server, no Java: seconds. Its setup file cuts the twin's environment off.
 * - api: real HTTP against the local twin, integration tests on its DynamoDB Local, the pages in
 *   chromium (they mostly wait for renders, time the API tests leave), and beside them esbuild
 *   bundling, CDK synthesis with cfn-lint and cdk-nag, the tools run over openapi.json.
 * - rehearsal: the deployment rehearsal (a twin of its own serving the synthesized bundles).
 * - slow: the fuzz, then the consistency check of what every other test left.
 * The twin (test/global-setup.ts) starts once per run for api and slow together, and only when one
 * of them has a file to run.
 */
/** The fuzz: after the API tests, alone (it saturates the twin). */
const FUZZ = 'test/api/fuzz.test.ts';
/** The consistency check of what every test left (the fuzz's shops too): alone, after them. */
const CONSISTENCY = 'test/api/consistency.test.ts';
/**
 * esbuild bundling, CDK synthesis, the tools run over openapi.json: CPU the API tests' waits leave,
 * so they run beside them rather than after them, beside the fuzz.
 */
const SYNTH = [
  'test/infra/bundling.test.ts',
  'test/infra/shop-stack.test.ts',
  'test/infra/config.test.ts',
  'test/infra/openapi-tools.test.ts',
];
/** cfn-lint and cdk-nag over the synthesized templates (a unit-style test, run beside the API tests). */
const TEMPLATE_CHECKS = 'test/infra/template-checks.test.ts';
/** The deployment rehearsal: its own project, run beside the API tests (see below). */
const REHEARSAL = 'test/infra/rehearsal.test.ts';
/** `tsc -p console`: 13 s of one worker, the unit project's longest file by far. */
const CONSOLE_TYPES = 'test/infra/console-types.test.ts';
/**
 * Vitest's order (groups, then projects by name, then the last run's durations: none on a clean
 * checkout, as in CI), with the files that take minutes moved to the front of their group (and the
 * unit project's one long file, which started among its last): they start first and the short
 * ones fill the other workers around them. The rehearsal shares its
 * group with api and would otherwise start after every api file, by its project's name.
 */
const FIRST = [REHEARSAL, CONSOLE_TYPES];
/**
 * The consistency check comes after the fuzz in their group: it checks what the fuzz left too. (The
 * fuzz ran inside the api group once, started after its other files: the CPU is saturated there, so
 * the run took no less time.)
 */
const LAST = [CONSISTENCY];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const named = (list: readonly string[], spec: TestSpecification) =>
      list.some((file) => spec.moduleId.endsWith(file));
    // The named long files first, then the api files, the short unit files after them, the
    // consistency check last.
    const rank = (spec: TestSpecification) =>
      named(FIRST, spec) ? 0 : named(LAST, spec) ? 4 : spec.project.name === 'unit' ? 3 : 1;
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    // Stable: files move by rank only, and only within their group.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => group(a.spec) - group(b.spec) || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

const TWIN_SETUP = ['test/global-setup.ts', 'test/support/response-check-summary.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    testTimeout: 20_000,
    hookTimeout: 90_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/infra/*.test.ts'],
          exclude: [FUZZ, CONSISTENCY, ...SYNTH, REHEARSAL, TEMPLATE_CHECKS],
          setupFiles: ['test/unit/support/no-twin.ts'],
          // Worker processes shared by the files (the setup file resets modules and env): starting a
          // process per file cost more than the tests themselves.
          isolate: false,
          // Beside the API tests, as a group shares one number of workers (groups run one after the
          // other: api, then slow): the many short files fill the gaps the long API files leave at
          // the end, instead of running alone first for ~26 s.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: [
            'test/api/**/*.test.ts',
            'test/integration/**/*.test.ts',
            'test/browser/**/*.test.ts',
            // cfn-lint over the synthesized templates: half a minute of CPU the API tests' waits leave.
            TEMPLATE_CHECKS,
            ...SYNTH,
          ],
          exclude: [FUZZ, CONSISTENCY],
          globalSetup: TWIN_SETUP,
          sequence: { groupOrder: 1 },
          // Two files at once beside the rehearsal, three after it: a file spends much of its time
          // waiting for the twin's answers.
          maxWorkers: 3,
          // Files share their worker (the setup file gives each the first file's environment and
          // fresh project modules): a process and the SDK's import per file cost ~1 s each.
          isolate: false,
          setupFiles: ['test/support/fresh-file.ts'],
        },
      },
      {
        extends: true,
        // Beside api, in a third worker (a group shares one number of workers; the sequencer starts
        // the rehearsal first): the API tests wait on the twin and leave about a fifth of two cores
        // idle, which the rehearsal's synthesis and its function processes fill. (Its twin, DynamoDB
        // Local included, is its own: one DynamoDB Local for both ran slower than two.)
        test: {
          name: 'rehearsal',
          include: [REHEARSAL],
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        // After api, one file at a time: the fuzz, then the consistency check of every order and cart
        // the API tests and the fuzz left.
        test: {
          name: 'slow',
          include: [FUZZ, CONSISTENCY],
          globalSetup: TWIN_SETUP,
          sequence: { groupOrder: 2 },
          maxWorkers: 1,
          setupFiles: ['test/support/fresh-file.ts'],
        },
      },
    ],
  },
});
