import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: { id: string; eventType: string; [key: string]: unknown };
  /** Date.now() when it arrived. */
  at: number;
}

/** What the receiver answers a request: a status, with headers, or no answer at all. */
export type Answer = number | { status: number; headers: Record<string, string> } | 'hang';

/**
 * A webhook receiver on 127.0.0.1 for the API tests (the twin runs with WEBHOOK_ALLOW_LOCAL=true):
 * it records every request and answers what `answer` says (default 200). `port` 0: any free one.
 */
export async function startReceiver(
  answer: (request: Received, index: number) => Answer = () => 200,
  port = 0,
) {
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const request: Received = {
        headers: req.headers,
        raw,
        body: JSON.parse(raw.toString('utf8')),
        at: Date.now(),
      };
      received.push(request);
      for (const wake of waiters) wake();
      const reply = answer(request, received.length - 1);
      if (reply === 'hang') return;
      const { status, headers } = typeof reply === 'number' ? { status: reply, headers: {} } : reply;
      res.writeHead(status, headers).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/hooks`,
    received,
    /** Resolves once `count` requests match, failing after `timeoutMs`. */
    async waitFor(predicate: (r: Received) => boolean, count = 1, timeoutMs = 15_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter(predicate);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(
            `waited ${timeoutMs} ms for ${count} request(s), got ${found.length} of ${received.length}`,
          );
        await new Promise<void>((wake) => {
          const timer = setTimeout(wake, 100);
          waiters.add(() => {
            clearTimeout(timer);
            wake();
          });
        });
        waiters.clear();
      }
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
