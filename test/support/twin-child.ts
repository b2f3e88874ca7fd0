import { startTwin } from '../../infra/local/twin';

/**
 * The test run's twin in a process of its own (test/global-setup.ts starts it): loaded by tsx, not
 * through vitest's module runner, whose transform of the twin's few hundred modules took ~10 s of the
 * main process before any test file could start. Prints one line, `TWIN <json>`, with its endpoints
 * and the environment it set (the test workers inherit it, as they did when the twin ran in the main
 * process); stops when its standard input closes (the run ended, or the main process died).
 */
const before = { ...process.env };
const twin = await startTwin({ port: 0, quiet: true });
const env = Object.fromEntries(Object.entries(process.env).filter(([key, value]) => before[key] !== value));
const { url, dynamoEndpoint, s3Endpoint } = twin;
process.stdout.write(`TWIN ${JSON.stringify({ url, dynamoEndpoint, s3Endpoint, env })}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await twin.stop();
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
