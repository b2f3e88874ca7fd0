/**
 * `npm run import -- --shop ID --file FILE [--table NAME] [--endpoint URL] [--region R]`: validates a
 * shop file and loads it into the table: DynamoDB Local with an endpoint, else the deployed table in
 * AWS with the default credential chain (flags and environment: import-args.ts).
 * Exit codes: 0 imported, 1 invalid file or failed import, 2 usage error.
 */
import { config, resetConfig } from '../../lib/config';
import { IMPORT_USAGE, ImportUsageError, importPlan } from './import-args';
import { importShopFile } from './import-file';
import { ImportValidationError } from './import-problems';

function usage(message: string): never {
  process.stderr.write(`${message}\n${IMPORT_USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let plan: ReturnType<typeof importPlan>;
  try {
    plan = importPlan(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof ImportUsageError)) throw error;
    usage(error.message);
  }
  if (plan === 'help') return void process.stdout.write(`${IMPORT_USAGE}\n`);

  // Node 20 is the supported local runtime (Lambda runs 22): the SDK's upgrade notice is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= 'true';
  Object.assign(process.env, plan.env);
  resetConfig();
  let cfg: ReturnType<typeof config>;
  try {
    cfg = config();
  } catch (error) {
    usage((error as Error).message);
  }

  const progress = progressPrinter();
  try {
    const report = await importShopFile(plan.shop, plan.file, progress.update);
    progress.done();
    process.stdout.write(
      `imported shop ${plan.shop} from ${plan.file}: ${report.items} items written, ${report.deleted} stale deleted (table ${cfg.TABLE_NAME}, ${plan.target})\n`,
    );
  } catch (error) {
    progress.done();
    if (error instanceof ImportValidationError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Import failed: ${(error as Error).message ?? String(error)}\n`);
    }
    process.exitCode = 1;
  }
}

/** `written N/M` on stderr: rewritten in place on a terminal, every 10 % otherwise. */
function progressPrinter() {
  const tty = process.stderr.isTTY;
  let lastStep = -1;
  let shown = false;
  return {
    update: (written: number, total: number) => {
      const step = total > 0 ? Math.floor((written * 10) / total) : 10;
      if (tty) {
        process.stderr.write(`\rwritten ${written}/${total}`);
        shown = true;
      } else if (step !== lastStep || written === total) {
        process.stderr.write(`written ${written}/${total}\n`);
      }
      lastStep = step;
    },
    done: () => {
      if (shown) process.stderr.write('\n');
      shown = false;
    },
  };
}

await main();
