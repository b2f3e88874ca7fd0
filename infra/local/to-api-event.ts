import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteMatch } from '../../lib/http/router';

/** What the local server knows about an HTTP request, independent of node:http. */
export interface RawRequest {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  url: string;
  /** Node's `rawHeaders`: name, value, name, value... in arrival order. */
  rawHeaders: readonly string[];
  body: Buffer;
  sourceIp: string;
  /** e.g. HTTP/1.1 */
  protocol: string;
}

export interface EventMeta {
  requestId: string;
  now: Date;
}

/**
 * Turns a request into the API Gateway HTTP API payload v2 event the Lambda would get in AWS, so the
 * local twin exercises exactly the handler code that runs in the cloud.
 */
export function toApiEvent(req: RawRequest, match: RouteMatch, meta: EventMeta): APIGatewayProxyEventV2 {
  const method = req.method.toUpperCase();
  const queryAt = req.url.indexOf('?');
  const rawPath = queryAt < 0 ? req.url : req.url.slice(0, queryAt);
  const rawQueryString = queryAt < 0 ? '' : req.url.slice(queryAt + 1);
  const { headers, cookies } = collectHeaders(req.rawHeaders);
  const routeKey = match.kind === 'route' ? `${match.route.method} ${match.route.path}` : '$default';
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] as string,
      http: {
        method,
        path: rawPath,
        protocol: req.protocol,
        sourceIp: req.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: meta.requestId,
      routeKey,
      stage: '$default',
      time: formatClfTime(meta.now),
      timeEpoch: meta.now.getTime(),
    },
    isBase64Encoded: false,
  };
  if (cookies.length > 0) event.cookies = cookies;
  const query = parseQuery(rawQueryString);
  if (query) event.queryStringParameters = query;
  if (match.kind === 'route' && Object.keys(match.params).length > 0)
    event.pathParameters = { ...match.params };
  if (req.body.length > 0) {
    const textual = isTextual(headers['content-type']);
    event.body = textual ? req.body.toString('utf8') : req.body.toString('base64');
    event.isBase64Encoded = !textual;
  }
  return event;
}

/**
 * Header names lower-cased, repeated headers joined by ',' (payload v2 has no multiValueHeaders);
 * Cookie headers move to `cookies`, one entry per cookie, as API Gateway does.
 */
export function collectHeaders(rawHeaders: readonly string[]): {
  headers: Record<string, string>;
  cookies: string[];
} {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] as string).toLowerCase();
    const value = rawHeaders[i + 1] as string;
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean),
      );
      continue;
    }
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  return { headers, cookies };
}

/** Query parameters decoded, repeated keys joined by ','; undefined when there are none. */
export function parseQuery(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    query[key] = key in query ? `${query[key]},${value}` : value;
  }
  return Object.keys(query).length > 0 ? query : undefined;
}

/**
 * Whether a body of this content type is passed as UTF-8 text; anything else (and a body without a
 * content type) is base64-encoded with isBase64Encoded = true.
 */
export function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = (contentType.split(';')[0] as string).trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'application/javascript' ||
    type === 'application/graphql'
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's requestContext.time format: 12/Mar/2020:19:03:58 +0000. */
export function formatClfTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}
