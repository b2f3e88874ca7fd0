/**
 * The AWS clients' timeouts and the DynamoDB client's settings, in a module of their own so that
 * the cold-start floor (infra/bench/cold-floor.ts) builds the very same client without loading the
 * configuration. Retries with exponential backoff and jitter (throttling, 5xx, timeouts, broken
 * connections). The Secrets Manager client (first idempotent request) and the EventBridge client
 * (the stream consumer) use the same request handler: a hung call would otherwise hold the function
 * until its timeout.
 *
 * The time budget (issue 22): a request whose DynamoDB stops answering gets its 503 with
 * Retry-After within 7 s, well inside the functions' 10 s timeout. One call then costs at most
 * 3 attempts × 1.5 s + the backoff between them (≤ 0.1 s + 0.2 s) = 4.8 s; the rest of the 7 s is
 * for the calls a request made before DynamoDB stopped and for the checkout's release of its
 * Idempotency-Key (lib/http/middleware/idempotency.ts, 1 s at most). 1.5 s is still some hundred
 * times DynamoDB's usual answer, and above what DynamoDB Local takes under the benches' load.
 * - `throwOnRequestTimeout`: without it @smithy/node-http-handler only logs a warning when
 *   `requestTimeout` passes and keeps waiting (a paused DynamoDB Local held requests for as long
 *   as it was paused). With it the attempt fails with a TimeoutError, which the SDK retries and
 *   lib/data/dependency-errors.ts counts as transient (503).
 * - `requestTimeout` runs from the start of an attempt to the response's headers: connecting, a
 *   reused keep-alive socket, a connection the kernel accepted for a stopped server, the wait.
 * - `connectionTimeout` ends an attempt whose TCP connection is not set up within 1 s (a host that
 *   drops packets, a full accept queue), so the retry gets its share of the budget.
 */
export const AWS_REQUEST_HANDLER = {
  connectionTimeout: 1000,
  requestTimeout: 1500,
  throwOnRequestTimeout: true,
} as const;

/** DynamoDB's client: the timeouts above, 3 attempts. */
export const DYNAMO_CLIENT_SETTINGS = {
  maxAttempts: 3,
  retryMode: 'standard',
  requestHandler: AWS_REQUEST_HANDLER,
} as const;

/**
 * Per-call options (`send(command, BULK_CALL)`) of the calls that move a lot at once: batch writes
 * (the import sends 25 items a batch, 8 batches at a time; DynamoDB Local on two CPUs takes over
 * 2 s for some), the catalog snapshot's chunks of up to 350 KB, and creating the table (the twin,
 * tests). No client waits on the batches; the chunks are read at a cold start, which the function's
 * timeout bounds.
 */
export const BULK_CALL = { requestTimeout: 10_000 } as const;

/** The document client's marshalling options. */
export const DYNAMO_MARSHALL_OPTIONS = { removeUndefinedValues: true, convertEmptyValues: false } as const;
