import { Agent, type IncomingHttpHeaders, request } from 'node:http';

/** A request exactly as it goes on the wire: the path is sent unnormalized (`..`, `%zz`, `#` stay). */
export interface WireRequest {
  method: string;
  /** Path and query, already percent-encoded as wanted. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** What came back. */
export interface WireResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * A keep-alive HTTP client for the fuzz and isolation tests. Unlike fetch it sends the request
 * target byte for byte (fetch resolves `..` and re-encodes), so path tricks reach the server.
 */
export function wireClient(baseUrl: string, maxSockets = 8) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
  const send = (req: WireRequest): Promise<WireResponse> =>
    new Promise((resolve, reject) => {
      const body = req.body === undefined ? undefined : Buffer.from(req.body);
      const headers: Record<string, string> = { ...req.headers };
      if (body !== undefined) headers['content-length'] = String(body.length);
      const outgoing = request(
        { agent, host: url.hostname, port: url.port, method: req.method, path: req.path, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** Runs `work` over `items` with at most `limit` in flight; results keep the items' order. */
export async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Percent-encodes every byte of the text's UTF-8 form but unreserved characters (lone surrogates too). */
export function encodeSegment(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
