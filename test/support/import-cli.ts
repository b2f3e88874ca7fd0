import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm run import` (its script) with only the given table, endpoint and region variables. */
export function runImportCli(args: string[], env: Record<string, string> = {}) {
  const { TABLE_NAME, DYNAMODB_ENDPOINT, AWS_REGION, AWS_DEFAULT_REGION, ...rest } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/import-cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...rest, ...env },
    timeout: 60_000,
  });
}
