import { buildConsoleFiles, type ConsoleFile } from '../../console/build';
import { SCOPES } from '../../lib/routes';
import { issueDevToken } from './dev-issuer';
import type { HttpReply } from './from-api-result';

/** Where the twin serves the merchant console (the stack serves it at the same path, docs/console.md). */
export const CONSOLE_PATH = '/admin';
/** The twin-only sign-in: a dev-issuer token for a shop. Never part of the stack. */
export const LOCAL_SIGN_IN_PATH = `${CONSOLE_PATH}/local-sign-in`;

/** The twin's config.json: same-origin API, the demo shop, the local sign-in. */
export const TWIN_CONSOLE_CONFIG = {
  apiUrl: '',
  shop: 'demo',
  signIn: { kind: 'local', tokenUrl: LOCAL_SIGN_IN_PATH },
} as const;

/** The read scopes: what the `staff-readonly` group gets in AWS. */
export const READ_SCOPES = SCOPES.filter((scope) => scope.endsWith('_read'));

const TOKEN_SECONDS = 8 * 3600;
const SHOP_ID = /^[A-Za-z0-9_-]{1,64}$/;

let built: Promise<Map<string, ConsoleFile>> | undefined;

/**
 * The console's files, built in memory once per process (esbuild: well under a second), so
 * `npm start` and the tests' twin need no build step and never write console/dist/.
 */
export function consoleFiles(): Promise<Map<string, ConsoleFile>> {
  built ??= buildConsoleFiles().then((files) => new Map(files.map((file) => [file.path, file])));
  // A failed build is retried on the next request rather than cached.
  built.catch(() => {
    built = undefined;
  });
  return built;
}

/**
 * The console's answer to a request under /admin, or undefined for any other path. Mirrors the
 * CloudFront hosting: hashed assets immutable, index.html and config.json never cached, any other
 * path under /admin/ answered with index.html (the app routes in the browser).
 */
export async function consolePageReply(
  method: string,
  path: string,
  body: Buffer,
): Promise<HttpReply | undefined> {
  if (path !== CONSOLE_PATH && !path.startsWith(`${CONSOLE_PATH}/`)) return undefined;
  if (path === LOCAL_SIGN_IN_PATH)
    return method === 'POST' ? localSignIn(body) : json(405, { message: 'POST only' });
  if (method !== 'GET' && method !== 'HEAD') return json(405, { message: 'GET only' });
  if (path === CONSOLE_PATH)
    return { statusCode: 308, headers: [['location', `${CONSOLE_PATH}/`]], body: Buffer.alloc(0) };
  const rest = path.slice(CONSOLE_PATH.length + 1);
  if (rest === 'config.json') return json(200, TWIN_CONSOLE_CONFIG);
  const files = await consoleFiles();
  if (rest.startsWith('assets/')) {
    const file = files.get(rest);
    if (!file) return json(404, { message: 'Not found' });
    return reply(file.contents, contentType(rest), 'public, max-age=31536000, immutable');
  }
  const index = files.get('index.html');
  if (!index) throw new Error('the console build has no index.html');
  return reply(index.contents, 'text/html; charset=utf-8', 'no-cache');
}

/** POST {shop, access: 'all'|'read'} → a dev-issuer access token with the staff or read-only scopes. */
function localSignIn(body: Buffer): HttpReply {
  let request: { shop?: unknown; access?: unknown };
  try {
    request = JSON.parse(body.toString('utf8') || '{}');
  } catch {
    return json(400, { message: 'The body is not JSON.' });
  }
  if (typeof request.shop !== 'string' || !SHOP_ID.test(request.shop))
    return json(400, { message: 'A shop id is 1 to 64 letters, digits, _ or -.' });
  const scope = request.access === 'read' ? READ_SCOPES : SCOPES;
  const accessToken = issueDevToken(request.shop, { scope, expiresIn: TOKEN_SECONDS, sub: 'local-console' });
  return json(200, { accessToken, expiresIn: TOKEN_SECONDS, scope: scope.join(' ') });
}

function contentType(path: string): string {
  if (path.endsWith('.js')) return 'text/javascript; charset=utf-8';
  if (path.endsWith('.css')) return 'text/css; charset=utf-8';
  return 'application/octet-stream';
}

function reply(contents: Uint8Array, type: string, cache: string): HttpReply {
  return {
    statusCode: 200,
    headers: [
      ['content-type', type],
      ['cache-control', cache],
    ],
    body: Buffer.from(contents),
  };
}

function json(statusCode: number, value: unknown): HttpReply {
  return {
    statusCode,
    headers: [
      ['content-type', 'application/json'],
      ['cache-control', 'no-store'],
    ],
    body: Buffer.from(JSON.stringify(value)),
  };
}
