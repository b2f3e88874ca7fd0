/**
 * `npm start [-- --port N] [--data-dir DIR] [--no-seed] [--bundled [--assembly DIR]]`: the local twin
 * of the API on http://127.0.0.1:3000 (or PORT), in memory unless --data-dir is given; with
 * --bundled, served from the stack's synthesized bundles (the deployment rehearsal,
 * docs/rehearsal.md). Ctrl-C stops everything.
 */
import { parseArgs } from 'node:util';
import { defaultAssemblyDir, synthesizeAssembly } from './bundled/synthesize';
import { CONSOLE_PATH, consoleFiles } from './console-page';
import { issueDevToken } from './dev-issuer';
import { twinEventSettings } from './events/twin-events';
import { PortInUseError } from './ports';
import { SEED_SHOPS, startTwin } from './twin';

const USAGE = `usage: npm start -- [--port N] [--data-dir DIR] [--no-seed] [--bundled [--assembly DIR]]
  --port      HTTP port (default: PORT or 3000)
  --data-dir  keep DynamoDB Local's data and the stored objects in DIR instead of in memory
  --no-seed   do not import the demo shops
  --bundled   the deployment rehearsal: synthesize the stack (cdk synth) and serve every function
              from its bundle, as AWS would run it
  --assembly  with --bundled: serve this already synthesized assembly instead (no synthesis)`;

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let values: {
    port?: string;
    'data-dir'?: string;
    'no-seed'?: boolean;
    bundled?: boolean;
    assembly?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'no-seed': { type: 'boolean' },
        bundled: { type: 'boolean' },
        assembly: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const portText = values.port ?? process.env.PORT ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) fail(`Bad port "${portText}"\n${USAGE}`, 2);
  if (values.assembly && !values.bundled) fail(`--assembly needs --bundled\n${USAGE}`, 2);

  const assemblyDir = values.bundled ? await rehearsalAssembly(values.assembly) : undefined;
  const twin = await startTwin({
    port,
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    seed: !values['no-seed'],
    ...(assemblyDir ? { assemblyDir } : {}),
  }).catch((error: unknown) => {
    if (error instanceof PortInUseError) fail(error.message, 1);
    fail(`Could not start the local twin: ${(error as Error).stack ?? String(error)}`, 1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: stopping...\n`);
    twin.stop().then(
      () => process.exit(0),
      (error: unknown) => fail(`Stop failed: ${String(error)}`, 1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const token = issueDevToken('demo');
  // Built now (esbuild, well under a second) so the first visit does not wait and a broken build shows here.
  const consoleNote = await consoleFiles().then(
    () => '(local sign-in)',
    (error: unknown) => `(build failed: ${(error as Error).message})`,
  );
  // Since the process started, so tsx's compile time counts too: what the developer waits for.
  const seconds = process.uptime().toFixed(1);
  process.stdout.write(
    [
      '',
      `Shop API local twin ready in ${seconds} s${assemblyDir ? ', served from the bundles (deployment rehearsal)' : ''}`,
      ...(assemblyDir ? [`  assembly:        ${assemblyDir}`] : []),
      `  API:             ${twin.url}`,
      `  docs:            ${twin.url}/docs (Authorize: bearerAuth, paste a token)`,
      `  console:         ${twin.url}${CONSOLE_PATH} ${consoleNote}`,
      `  shops:           ${values['no-seed'] ? '(not seeded)' : SEED_SHOPS.map((s) => s.shopId).join(', ')}`,
      `  DynamoDB Local:  ${twin.dynamoEndpoint}${values['data-dir'] ? ` (data in ${values['data-dir']})` : ' (in memory)'}`,
      `  S3 (objects):    ${twin.s3Endpoint}${values['data-dir'] ? ` (data in ${values['data-dir']}/objects)` : ' (temporary folder)'}`,
      '  tokens:          npm run --silent token -- --shop demo --scope all',
      `  events:          ${eventsNote()}`,
      '',
      'Try (all-scopes token for shop demo, valid 1 h):',
      `curl -s -X POST ${twin.url}/demo/carts -H 'Accept: application/vnd.service.v1+json' -H 'Authorization: Bearer ${token}' -H 'Content-Type: application/json' -d '{}' -i`,
      '',
      'Ctrl-C stops.',
      '',
    ].join('\n'),
  );
}

/** The assembly to serve: the one given, or a fresh synthesis with progress on stderr. */
async function rehearsalAssembly(given: string | undefined): Promise<string> {
  if (given) return given;
  const dir = defaultAssemblyDir();
  const started = Date.now();
  process.stderr.write(
    `Synthesizing the stack into ${dir} (cdk synth, native modules for this machine)...\n`,
  );
  await synthesizeAssembly(dir, (line) => process.stderr.write(`  ${line}\n`)).catch((error: unknown) =>
    fail(`Could not synthesize the stack: ${(error as Error).message}`, 1),
  );
  process.stderr.write(`Synthesized in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return dir;
}

/** Where the domain and stock events show (docs/operations.md "Events on the twin"). */
function eventsNote(): string {
  const settings = twinEventSettings();
  if (settings.LOCAL_STREAM === 'off') return 'none (LOCAL_STREAM=off)';
  const file = settings.LOCAL_EVENTS_FILE ? `, and as JSON lines in ${settings.LOCAL_EVENTS_FILE}` : '';
  return `one line each on stderr as they happen${file}`;
}

await main();
