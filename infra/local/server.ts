import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { matchRoute, type RouteMatch } from '../../lib/http/router';
import { OPENAPI_ENTRY, OPENAPI_PATH } from '../function-entries';
import { consolePageReply } from './console-page';
import { docsPageReply } from './docs-page';
import { fromApiResult, gatewayError, type HttpReply } from './from-api-result';
import { type LambdaHandler, lambdaContext, loadHandler } from './lambda-runtime';
import { PortInUseError } from './ports';
import { toApiEvent } from './to-api-event';

/** Answers every request the route table does not match (404, or 405 with Allow). Written by the API. */
export const FALLBACK_HANDLER = 'functions/fallback/route-not-found.ts';
/** The function names of the two routes outside the route table. */
export const FALLBACK_NAME = 'routeNotFound';
export const OPENAPI_NAME = 'getOpenApi';

/** API Gateway's payload limit; larger bodies never reach a Lambda. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface LocalServerOptions {
  port: number;
  host?: string;
  /**
   * How a handler is loaded, by its file and function name; tests swap in fakes, the rehearsal
   * (infra/local/bundled/) the function's bundle.
   */
  loadHandler?: (file: string, name: string) => Promise<LambdaHandler>;
  /** Called with one line per request (method, path, status, ms). */
  log?: (line: string) => void;
  /** Called with the shop of every request to a route (the twin's every-minute tasks follow them). */
  onShop?: (shopId: string) => void;
}

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The local stand-in for API Gateway: each HTTP request becomes a payload v2 event for the Lambda
 * handler of its route, and the handler's result becomes the HTTP response.
 */
export function startLocalServer({
  port,
  host = '127.0.0.1',
  loadHandler: load = loadHandler,
  log,
  onShop,
}: LocalServerOptions): Promise<LocalServer> {
  const server = createServer({ keepAlive: true }, (req, res) => {
    const started = Date.now();
    handle(req, load, onShop).then(
      (reply) => {
        send(res, reply);
        log?.(`${req.method} ${req.url} ${reply.statusCode} ${Date.now() - started}ms`);
      },
      // Only reading the request can fail here (the client went away): nobody is left to answer.
      () => res.destroy(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, 'the local API server') : error);
    });
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({ url: `http://${host}:${actual}`, close: () => closeServer(server) });
    });
  });
}

async function handle(
  req: IncomingMessage,
  load: (file: string, name: string) => Promise<LambdaHandler>,
  onShop?: (shopId: string) => void,
): Promise<HttpReply> {
  const body = await readBody(req);
  if (!body) return { ...gatewayError(413, 'Request body too large'), headers: closing() };
  const requestId = randomUUID();
  const rawPath = (req.url ?? '/').split('?')[0] as string;
  // Local only: the interactive reference (the stack serves no HTML, docs/api-rules.md "Transport").
  const docs = await docsPageReply(req.method ?? 'GET', rawPath);
  if (docs) return docs;
  // Local only: the merchant console and its local sign-in (in AWS, CloudFront and Cognito; docs/console.md).
  const admin = await consolePageReply(req.method ?? 'GET', rawPath, body);
  if (admin) return admin;
  // The stack routes GET /openapi.json to its own function before `/{shopId}` (most specific wins).
  const openApi = req.method === 'GET' && rawPath === OPENAPI_PATH;
  const match: RouteMatch = openApi ? { kind: 'not-found' } : matchRoute(req.method ?? 'GET', rawPath);
  const event = toApiEvent(
    {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      rawHeaders: req.rawHeaders,
      body,
      sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
      protocol: `HTTP/${req.httpVersion}`,
    },
    match,
    { requestId, now: new Date() },
  );
  const [file, name] = openApi
    ? [OPENAPI_ENTRY, OPENAPI_NAME]
    : match.kind === 'route'
      ? [match.route.handler, match.route.name]
      : [FALLBACK_HANDLER, FALLBACK_NAME];
  const shopId = event.pathParameters?.shopId;
  if (shopId && match.kind === 'route') onShop?.(shopId);
  try {
    const handler = await load(file, name);
    const reply = fromApiResult(await handler(event, lambdaContext(name, requestId)));
    reply.headers.push(['apigw-requestid', requestId]);
    return reply;
  } catch (error) {
    process.stderr.write(
      `[local-server] ${name} (${file}) failed: ${(error as Error)?.stack ?? String(error)}\n`,
    );
    return gatewayError(502, 'Bad Gateway');
  }
}

/** The whole body, or undefined when it is larger than API Gateway accepts (the rest is discarded). */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      req.resume();
      return resolve(undefined);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        if (!tooLarge) resolve(undefined);
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function closing(): [string, string][] {
  return [
    ['content-type', 'application/json'],
    ['connection', 'close'],
  ];
}

function send(res: ServerResponse, reply: HttpReply): void {
  if (res.headersSent) return;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of reply.headers) {
    const key = name.toLowerCase();
    const existing = headers[key];
    if (existing === undefined) headers[key] = value;
    else headers[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  // API Gateway answers with a Content-Length, not chunked.
  const bodiless = reply.statusCode === 204 || reply.statusCode === 304;
  if (!bodiless && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    headers['content-length'] = String(reply.body.length);
  }
  res.writeHead(reply.statusCode, headers);
  res.end(bodiless ? undefined : reply.body);
}

function closeServer(server: ReturnType<typeof createServer>): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
    // Requests still running get a moment to finish, then their connections go too.
    setTimeout(() => server.closeAllConnections(), 2000).unref();
  });
}
