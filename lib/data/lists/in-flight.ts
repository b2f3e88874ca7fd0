/**
 * At most this many list Queries in flight per process. A list request queries every write bucket
 * of its series and of its lagging items (lib/data/lists/buckets.ts): up to ~75 for carts in a
 * window. Sent all at once they open as many connections at once (the SDK's pool holds 50; a cold
 * Lambda pays a TLS handshake each), and on a loaded host a burst like that met the 1 s connection
 * timeout (lib/data/client-settings.ts) and answered 503 (`npm run bench:scale`, 2026-11-25). 16 is
 * what a list request sent at most before the buckets; in AWS the rest costs a round trip or two.
 */
const MAX_IN_FLIGHT = 16;

let active = 0;
const waiting: (() => void)[] = [];

/** Runs `call` once fewer than MAX_IN_FLIGHT list Queries are in flight. */
export async function inFlight<T>(call: () => Promise<T>): Promise<T> {
  if (active < MAX_IN_FLIGHT) active++;
  // A finished call hands its slot to the next waiting one, so no newcomer slips in between.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await call();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}
