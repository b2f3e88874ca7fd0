/**
 * `npm run invoke -- FUNCTION EVENT.json [--endpoint URL] [--table NAME] [--region R]`: calls one
 * Lambda handler with a sample API Gateway v2 event, as `sam local invoke` would, and prints the
 * result (body parsed when it is JSON).
 *
 * FUNCTION is a route name from lib/routes.ts (createCart) or a handler file (functions/carts/create-cart.ts).
 *
 * Token placeholder: when the event's `headers.authorization` contains the exact text
 * `Bearer {{DEV_TOKEN}}`, `{{DEV_TOKEN}}` is replaced by a fresh all-scopes dev token for the
 * event's `pathParameters.shopId` (default demo), so the files under events/ never hold a real token.
 * Cart events name `{{CART_ID}}` and `{{CART_TOKEN}}`: a fresh cart is created for them first.
 *
 * It does not start DynamoDB Local: set DYNAMODB_ENDPOINT or pass --endpoint (e.g. the URL that
 * `npm start` prints); without either it talks to real AWS with the default credential chain.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type RouteName, routes } from '../../lib/routes';
import { DEV_TOKEN_PLACEHOLDER } from './event-token';
import { lambdaContext, loadHandler } from './lambda-runtime';
import { applyLocalEnv } from './local-env';
import { prepareSampleEvent } from './sample-event';

const USAGE = `usage: npm run invoke -- FUNCTION EVENT.json [--endpoint URL] [--table NAME] [--region R]
  FUNCTION    route name (${Object.keys(routes).join(', ')}) or handler file
  EVENT.json  API Gateway HTTP API v2 event; "Bearer ${DEV_TOKEN_PLACEHOLDER}" in headers.authorization gets a dev token,
              {{CART_ID}} and {{CART_TOKEN}} a fresh cart
  --endpoint  DynamoDB endpoint (default: DYNAMODB_ENDPOINT; none = real AWS)`;

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let parsed: { values: Partial<Record<'endpoint' | 'table' | 'region', string>>; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { endpoint: { type: 'string' }, table: { type: 'string' }, region: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const [fn, eventFile, ...extra] = parsed.positionals;
  if (!fn || !eventFile || extra.length > 0) usage('Expected FUNCTION and EVENT.json');
  const route = Object.hasOwn(routes, fn) ? routes[fn as RouteName] : undefined;
  if (!route && !/\.[cm]?[jt]s$/.test(fn)) usage(`Unknown function "${fn}"`);
  const { endpoint = process.env.DYNAMODB_ENDPOINT, table, region } = parsed.values;
  if (!endpoint)
    process.stderr.write('No DYNAMODB_ENDPOINT or --endpoint: using real AWS (default credentials).\n');
  applyLocalEnv({
    ...(endpoint ? { endpoint } : {}),
    ...(table ? { table } : {}),
    ...(region ? { region } : {}),
  });

  const event = await prepareSampleEvent(await readEvent(eventFile));

  const handler = await loadHandler(route?.handler ?? fn);
  const result = await withStdoutOnStderr(() => handler(event, lambdaContext(route?.name ?? fn)));
  process.stdout.write(`${JSON.stringify(withParsedBody(result), null, 2)}\n`);
}

async function readEvent(file: string): Promise<Record<string, unknown>> {
  let event: unknown;
  try {
    event = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    usage(`Cannot read event ${file}: ${(error as Error).message}`);
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event))
    usage(`${file}: not a JSON object`);
  return event as Record<string, unknown>;
}

/** Sends the handler's own log lines to stderr, so stdout holds only the result (pipe it to jq). */
async function withStdoutOnStderr<T>(run: () => T): Promise<Awaited<T>> {
  const write = process.stdout.write;
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  try {
    return await run();
  } finally {
    process.stdout.write = write;
  }
}

function withParsedBody(result: unknown): unknown {
  if (typeof result !== 'object' || result === null) return result;
  const { body, isBase64Encoded } = result as { body?: unknown; isBase64Encoded?: boolean };
  if (typeof body !== 'string' || isBase64Encoded) return result;
  try {
    return { ...result, body: JSON.parse(body) };
  } catch {
    return result;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Invoke failed: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
