/**
 * `npm run smoke -- --url <base URL> --shop <shopId> [--token <merchant token>]`: the smoke test of a
 * deployed shop (docs/deploy.md "6. Smoke test the deployed shop"). One line per step as it ends, then
 * what stays behind; exit 0 passed, 1 a step failed, 2 a usage error.
 */
import { runSmoke } from './run-smoke';
import { parseSmokeArgs, USAGE, UsageError } from './smoke-args';
import { closingLines } from './smoke-report';

async function main(): Promise<number> {
  let args: ReturnType<typeof parseSmokeArgs>;
  try {
    args = parseSmokeArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // Imported only here: only a run against the twin signs a token, with the twin's dev keys.
  const token = args.token ?? (await import('../local/dev-issuer')).issueDevToken(args.shop);
  const report = await runSmoke({
    url: args.url,
    shop: args.shop,
    token,
    timeoutMs: args.timeoutMs,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const lines = closingLines(report);
  const verdict = lines.pop() as string;
  for (const line of lines) process.stdout.write(`${line}\n`);
  (report.ok ? process.stdout : process.stderr).write(`${verdict}\n`);
  return report.ok ? 0 : 1;
}

// exitCode, not exit(): stdout to a pipe is written asynchronously, and exit() could cut it short.
process.exitCode = await main();
