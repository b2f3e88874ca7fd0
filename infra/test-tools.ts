/**
 * What the tests need beyond npm packages, found or installed in ONE place: `npm test` runs it first
 * (pretest; `.ci/run` is `npm install` then `npm test`), so CI and a developer can never drift.
 * - Java 17+ (DynamoDB Local), curl and jq (the README walk-through test), chromium (the docs-page
 *   test), cfn-lint (the template test).
 * - Missing ones are installed with apt-get (and cfn-lint with pip) when this is Debian and we are
 *   root; otherwise it stops within seconds, before any test starts, with the exact command to run.
 * The tests take the commands it finds from here too (`cfnLintCommand`, `chromiumPath`).
 * Usage: tsx infra/test-tools.ts [--for api|slow|all]   (default all; the unit project needs none)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CFN_LINT_VERSION = '1.51.0';
const MIN_JAVA = 17;

type Project = 'api' | 'slow';
interface Tool {
  name: string;
  for: Project[];
  present: () => boolean;
  /** The Debian package, or the pip requirement (cfn-lint: Debian has none). */
  apt?: string;
  pip?: string;
}

/** Whether `file args` runs and exits 0 (quietly). */
function runs(file: string, args: string[]): boolean {
  const result = spawnSync(file, args, { stdio: 'ignore', timeout: 20_000 });
  return result.status === 0;
}

function onPath(name: string): boolean {
  return runs('sh', ['-c', `command -v ${name}`]);
}

function javaMajor(): number {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 20_000 });
  const match = /version "(\d+)/.exec(`${result.stderr ?? ''}${result.stdout ?? ''}`);
  return match ? Number(match[1]) : 0;
}

/**
 * The cfn-lint to run: on the PATH, as a module of python3, or where pip and pyenv put it when
 * their folders are not on the PATH (the node machine image ships it in pyenv's Python).
 */
export function cfnLintCommand(): { file: string; args: string[] } | undefined {
  const candidates = [
    { file: 'cfn-lint', args: [] },
    { file: 'python3', args: ['-m', 'cfnlint'] },
    { file: join(homedir(), '.local', 'bin', 'cfn-lint'), args: [] },
    ...pyenvVersions().map((dir) => ({ file: join(dir, 'bin', 'cfn-lint'), args: [] })),
  ];
  return candidates.find(
    (c) => (c.file.includes('/') ? existsSync(c.file) : true) && runs(c.file, [...c.args, '--version']),
  );
}

function pyenvVersions(): string[] {
  const root = join(process.env.PYENV_ROOT ?? join(homedir(), '.pyenv'), 'versions');
  try {
    return readdirSync(root).map((v) => join(root, v));
  } catch {
    return [];
  }
}

/** The chromium to drive: CHROMIUM_PATH, else chromium on the PATH, else Debian's; undefined if none. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
  }
}

/** Each tool: which test projects need it, how to tell it is there, its Debian package. */
const TOOLS: Tool[] = [
  {
    name: `Java ${MIN_JAVA}+`,
    for: ['api', 'slow'],
    present: () => javaMajor() >= MIN_JAVA,
    apt: 'openjdk-17-jre-headless',
  },
  { name: 'curl', for: ['api'], present: () => onPath('curl'), apt: 'curl' },
  { name: 'jq', for: ['api'], present: () => onPath('jq'), apt: 'jq' },
  { name: 'chromium', for: ['api'], present: () => chromiumPath() !== undefined, apt: 'chromium' },
  {
    name: 'cfn-lint',
    for: ['api'],
    present: () => cfnLintCommand() !== undefined,
    pip: `cfn-lint==${CFN_LINT_VERSION}`,
  },
];

function fail(lines: string[]): never {
  console.error(['', 'The tests cannot start:', ...lines, ''].join('\n'));
  process.exit(1);
}

function install(missing: Tool[]): void {
  const apt = missing.flatMap((t) => (t.apt ? [t.apt] : []));
  const pip = missing.flatMap((t) => (t.pip ? [t.pip] : []));
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = root ? '' : 'sudo ';
  const aptCommand = `${sudo}apt-get update && ${sudo}apt-get install -y ${apt.join(' ')}`;
  const pipCommand = `python3 -m pip install ${pip.join(' ')}`;
  const commands = [...(apt.length ? [aptCommand] : []), ...(pip.length ? [pipCommand] : [])];
  const debian = existsSync('/etc/debian_version') && onPath('apt-get');
  if (apt.length && !(root && debian)) {
    fail([
      `missing ${missing.map((t) => t.name).join(', ')}.`,
      root ? 'This is not Debian: install them with your package manager, as in' : 'Install them as root:',
      ...commands.map((c) => `  ${c}`),
    ]);
  }
  if (apt.length) {
    console.error(`Installing ${apt.join(' ')} with apt-get (once; a minute or two)...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const steps: [string, string[]][] = [
      ['apt-get', ['update', '-qq']],
      ['apt-get', ['install', '-y', '-qq', ...apt]],
    ];
    for (const [file, args] of steps) {
      const done = spawnSync(file, args, { stdio: ['ignore', 'ignore', 'inherit'], env });
      if (done.status !== 0)
        fail([
          `\`${file} ${args.join(' ')}\` failed (exit ${done.status}). Run it by hand:`,
          `  ${aptCommand}`,
        ]);
    }
  }
  if (pip.length) {
    console.error(`Installing ${pip.join(' ')} with pip...`);
    const pipArgs = ['-m', 'pip', 'install', '--quiet', '--retries', '1', '--timeout', '15', ...pip];
    if (!runs('python3', pipArgs)) runs('python3', [...pipArgs, '--user', '--break-system-packages']);
  }
  const still = missing.filter((t) => !t.present());
  if (still.length) {
    fail([
      `${still.map((t) => t.name).join(', ')} could not be installed here.`,
      'Install by hand, then run the tests again:',
      ...commands.map((c) => `  ${c}`),
      ...(still.some((t) => t.pip)
        ? ['(cfn-lint is a Python package that needs PyPI; Debian has none: pipx install cfn-lint works too)']
        : []),
    ]);
  }
}

/** Checks (and installs where it may) what the test projects `which` need. */
export function ensureTestTools(which: Project | 'all' = 'all'): void {
  const needed = TOOLS.filter((t) => which === 'all' || t.for.includes(which));
  const missing = needed.filter((t) => !t.present());
  if (missing.length) install(missing);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--for');
  const which = at > 0 ? (process.argv[at + 1] ?? '') : 'all';
  if (which !== 'api' && which !== 'slow' && which !== 'all')
    fail([`unknown --for ${which}: api, slow or all`]);
  ensureTestTools(which);
}
