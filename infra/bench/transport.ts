import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { matchRoute } from '../../lib/http/router';
import { lambdaContext, loadHandler } from '../local/lambda-runtime';
import { toApiEvent } from '../local/to-api-event';

/** One request of a benchmark scenario. */
export interface BenchRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. /bench/products?page=2. */
  path: string;
  body?: unknown;
}

export interface BenchResponse {
  status: number;
  body: string;
}

/** How requests reach the API: in process now; an HTTP transport can take its place. */
export type Transport = (request: BenchRequest) => Promise<BenchResponse>;

/**
 * Calls the route's Lambda handler directly with the API Gateway v2 event the local server would
 * build (same toApiEvent), so the whole Middy pipeline runs, without sockets.
 */
export function inProcessTransport(token: string): Transport {
  return async (request) => {
    const queryAt = request.path.indexOf('?');
    const rawPath = queryAt < 0 ? request.path : request.path.slice(0, queryAt);
    const match = matchRoute(request.method, rawPath);
    if (match.kind !== 'route') throw new Error(`no route for ${request.method} ${rawPath}`);
    const body = request.body === undefined ? '' : JSON.stringify(request.body);
    const headers = [
      'accept',
      'application/vnd.service.v1+json',
      'authorization',
      `Bearer ${token}`,
      'host',
      '127.0.0.1',
      ...(body ? ['content-type', 'application/json'] : []),
    ];
    const event = toApiEvent(
      {
        method: request.method,
        url: request.path,
        rawHeaders: headers,
        body: Buffer.from(body),
        sourceIp: '127.0.0.1',
        protocol: 'HTTP/1.1',
      },
      match,
      { requestId: randomUUID(), now: new Date() },
    );
    const handler = await loadHandler(match.route.handler);
    const result = (await handler(
      event,
      lambdaContext(match.route.name),
    )) as APIGatewayProxyStructuredResultV2;
    return { status: result.statusCode ?? 200, body: result.body ?? '' };
  };
}
