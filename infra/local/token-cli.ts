/**
 * `npm run --silent token -- --shop demo --scope "carts_read orders_write" [--expires-in SECONDS] [--sub X]`
 * prints a dev access token (only the JWT, one line) for the local twin. `--scope all` (the default)
 * means every scope of the route table; `--scope ""` makes a token without scopes.
 */
import { parseArgs } from 'node:util';
import { SCOPES } from '../../lib/routes';
import { issueDevToken } from './dev-issuer';

const USAGE = `usage: npm run --silent token -- [--shop ID] [--scope "SCOPE ..."|all] [--expires-in SECONDS] [--sub SUBJECT]
  --shop        shop the token is bound to (default: demo)
  --scope       space-separated scopes, or all (default: all); known: ${SCOPES.join(' ')}
  --expires-in  lifetime in seconds (default: 3600)
  --sub         subject claim (default: dev-user)`;

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function main(): void {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        shop: { type: 'string', default: 'demo' },
        scope: { type: 'string', default: 'all' },
        'expires-in': { type: 'string', default: '3600' },
        sub: { type: 'string', default: 'dev-user' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    usage((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const shop = String(values.shop);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(shop)) usage(`Bad --shop "${shop}": letters, digits, - or _ expected`);
  const expiresIn = Number(values['expires-in']);
  if (!/^-?\d+$/.test(String(values['expires-in'])) || !Number.isSafeInteger(expiresIn)) {
    usage(`Bad --expires-in "${values['expires-in']}": a whole number of seconds expected`);
  }
  if (expiresIn > 86_400)
    process.stderr.write(
      'warning: the API refuses tokens that live longer than AUTH_MAX_TOKEN_LIFETIME (default 86400 s)\n',
    );
  const scope = parseScope(String(values.scope));
  process.stdout.write(`${issueDevToken(shop, { scope, expiresIn, sub: String(values.sub) })}\n`);
}

function parseScope(text: string): readonly string[] {
  if (text.trim() === 'all') return SCOPES;
  const scopes = text.split(/[\s,]+/).filter(Boolean);
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) usage(`Unknown scope(s): ${unknown.join(', ')}`);
  return scopes;
}

main();
