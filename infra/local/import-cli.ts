/**
 * `npm run import -- --shop ID --file FILE [--table NAME] [--endpoint URL] [--region R]`: validates a
 * shop file and loads it into the table. Flags override TABLE_NAME, DYNAMODB_ENDPOINT and AWS_REGION;
 * without an endpoint it writes to real AWS with the default credential chain.
 * Exit codes: 0 imported, 1 invalid file or failed import, 2 usage error.
 */
import { parseArgs } from 'node:util';
import { config, resetConfig } from '../../lib/config';
import { importShopFile } from './import-file';
import { ImportValidationError } from './import-problems';

const USAGE = `usage: npm run import -- --shop ID --file FILE [--table NAME] [--endpoint URL] [--region R]
  --shop      shop id to import into (letters, digits, - or _)
  --file      shop file (JSON, format: lib/schemas/shop-file.ts)
  --table     table name (default: TABLE_NAME or shop-api)
  --endpoint  DynamoDB endpoint, e.g. the DynamoDB Local URL \`npm start\` prints (default: DYNAMODB_ENDPOINT or AWS)
  --region    AWS region (default: AWS_REGION)`;

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: Partial<Record<'shop' | 'file' | 'table' | 'endpoint' | 'region', string>> & { help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        shop: { type: 'string' },
        file: { type: 'string' },
        table: { type: 'string' },
        endpoint: { type: 'string' },
        region: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    usage((error as Error).message);
  }
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (!values.shop) usage('Missing --shop');
  if (!values.file) usage('Missing --file');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(values.shop)) usage(`Bad --shop "${values.shop}"`);

  // Node 20 is the supported local runtime (Lambda runs 22): the SDK's upgrade notice is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= 'true';
  if (values.table) process.env.TABLE_NAME = values.table;
  if (values.endpoint) process.env.DYNAMODB_ENDPOINT = values.endpoint;
  if (values.region) process.env.AWS_REGION = values.region;
  resetConfig();
  let cfg: ReturnType<typeof config>;
  try {
    cfg = config();
  } catch (error) {
    usage((error as Error).message);
  }

  const progress = progressPrinter();
  try {
    const report = await importShopFile(values.shop, values.file, progress.update);
    progress.done();
    const target = cfg.DYNAMODB_ENDPOINT ?? `AWS ${cfg.AWS_REGION}`;
    process.stdout.write(
      `imported shop ${values.shop} from ${values.file}: ${report.items} items written, ${report.deleted} stale deleted (table ${cfg.TABLE_NAME}, ${target})\n`,
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
