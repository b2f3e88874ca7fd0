import { parseArgs } from 'node:util';

/**
 * The command line of `npm run import` and where it writes: DynamoDB Local (an endpoint) or a
 * deployed shop's table in AWS (no endpoint: the SDK's default credential chain, AWS_PROFILE and
 * friends). Kept apart from the CLI so the argument handling is tested without running an import.
 */

export const IMPORT_USAGE = `usage: npm run import -- --shop ID --file FILE [--table NAME] [--endpoint URL] [--region R]
  --shop      shop id to import into (letters, digits, - or _)
  --file      shop file (JSON, format: lib/schemas/shop-file.ts)
  --table     table name (default: TABLE_NAME; locally also shop-api); in AWS the stack output TableName
  --endpoint  DynamoDB endpoint, e.g. the DynamoDB Local URL \`npm start\` prints (default: DYNAMODB_ENDPOINT);
              without one the import writes to AWS with your AWS credentials
  --region    AWS region of the table (default: AWS_REGION); required for AWS`;

/** A command line that cannot run; the CLI prints the message and the usage, exit code 2. */
export class ImportUsageError extends Error {
  override name = 'ImportUsageError';
}

/** What the import runs with: the shop and file, and the environment the table client reads. */
export interface ImportPlan {
  shop: string;
  file: string;
  /** TABLE_NAME, DYNAMODB_ENDPOINT and AWS_REGION to set before the configuration is read. */
  env: { TABLE_NAME?: string; DYNAMODB_ENDPOINT?: string; AWS_REGION?: string };
  /** Where the items go, for the summary line: the endpoint, or `AWS <region>`. */
  target: string;
}

const SHOP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Parses the arguments (`process.argv.slice(2)`) against the environment: flags win over
 * TABLE_NAME, DYNAMODB_ENDPOINT and AWS_REGION. Importing into AWS needs the table and the region
 * named (by flag or environment): the local defaults (`shop-api`, the configuration's default
 * region) name no deployed table. Returns 'help' for `--help`; throws ImportUsageError.
 */
export function importPlan(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ImportPlan | 'help' {
  let values: Partial<Record<'shop' | 'file' | 'table' | 'endpoint' | 'region', string>> & { help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
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
    throw new ImportUsageError((error as Error).message);
  }
  if (values.help) return 'help';
  if (!values.shop) throw new ImportUsageError('Missing --shop');
  if (!values.file) throw new ImportUsageError('Missing --file');
  if (!SHOP_ID.test(values.shop)) throw new ImportUsageError(`Bad --shop "${values.shop}"`);

  const table = values.table || env.TABLE_NAME || undefined;
  const endpoint = values.endpoint || env.DYNAMODB_ENDPOINT || undefined;
  const region = values.region || env.AWS_REGION || undefined;
  if (endpoint === undefined) {
    if (!table) {
      throw new ImportUsageError(
        'Missing --table: importing into AWS needs the table of the shop (stack output TableName); for DynamoDB Local pass --endpoint',
      );
    }
    if (!region) {
      throw new ImportUsageError(
        'Missing --region: importing into AWS needs the region of the stack (or AWS_REGION)',
      );
    }
  }
  return {
    shop: values.shop,
    file: values.file,
    env: {
      ...(values.table ? { TABLE_NAME: values.table } : {}),
      ...(values.endpoint ? { DYNAMODB_ENDPOINT: values.endpoint } : {}),
      ...(values.region ? { AWS_REGION: values.region } : {}),
    },
    target: endpoint ?? `AWS ${region}`,
  };
}
