import autocannon from 'autocannon';

/** One request of a load run: what the next connection sends. */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Latency of every answered request, in ms (autocannon's histogram keeps whole ms only). */
  latencies: number[];
  requests: number;
  elapsedMs: number;
  /** Answers outside 2xx, errors and timeouts. */
  failed: number;
  /** Status codes seen, with counts. */
  statuses: Record<string, number>;
  /** The first few failing answers. */
  failures: string[];
  /** Every answer's status, latency (ms) and end (ms after the first request), in answer order. */
  answers: { status: number; ms: number; at: number }[];
}

/**
 * Sends requests with autocannon over `connections` keep-alive connections to 127.0.0.1, for
 * `durationS` seconds or `amount` requests; `next(i)` makes the i-th request (autocannon asks for it
 * as the request is sent, so a path can change per request, e.g. a fresh cart per checkout);
 * `onAnswer` sees each answer's status and body (a flash sale checks its 409s' bodies).
 */
export function load(
  url: string,
  {
    connections,
    durationS,
    amount,
    next,
    onAnswer,
  }: {
    connections: number;
    durationS?: number;
    amount?: number;
    next: (i: number) => LoadRequest;
    onAnswer?: (status: number, body: string) => void;
  },
): Promise<LoadResult> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`the bench only loads 127.0.0.1, not ${url}`);
  const latencies: number[] = [];
  const failures: string[] = [];
  const answers: LoadResult['answers'] = [];
  let i = 0;
  return new Promise((resolve, reject) => {
    // From the first request sent to the last answer: autocannon's own set-up is not load.
    let started = performance.now();
    let last = started;
    const instance = autocannon(
      {
        url,
        connections,
        ...(amount !== undefined ? { amount } : { duration: durationS ?? 3 }),
        timeout: 30,
        requests: [
          {
            setupRequest: (request) => ({ ...request, ...next(i++) }),
            onResponse: (status, body) => {
              onAnswer?.(status, body);
              if ((status < 200 || status >= 300) && failures.length < 3)
                failures.push(`${status} ${body.slice(0, 300)}`);
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const statuses = Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
        );
        resolve({
          latencies,
          requests: latencies.length,
          elapsedMs: last - started,
          failed: result.non2xx + result.errors + result.timeouts,
          statuses,
          failures,
          answers,
        });
      },
    );
    instance.on('start', () => {
      started = performance.now();
    });
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      last = performance.now();
      answers.push({ status, ms, at: last - started });
    });
  });
}
