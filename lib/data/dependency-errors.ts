/**
 * Which DynamoDB failures are temporary: throttling, DynamoDB's own 5xx, timeouts and broken
 * connections. The SDK has already retried them with backoff by the time they reach us; the API
 * then answers 503 with Retry-After instead of 500 (the client may simply try again).
 */
const TRANSIENT_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  // A transaction retried with its ClientRequestToken while DynamoDB still applies the first attempt
  // (after a timeout): the outcome comes a moment later.
  'TransactionInProgressException',
]);
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
const TRANSIENT_REASONS = new Set([
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
]);

/** Whether an error from the DynamoDB client is a temporary dependency failure. */
export function isTransientDependencyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as {
    name?: string;
    code?: string;
    $retryable?: unknown;
    $metadata?: { httpStatusCode?: number };
    CancellationReasons?: { Code?: string }[];
    cause?: unknown;
  };
  if (e.name && TRANSIENT_NAMES.has(e.name)) return true;
  if (e.code && TRANSIENT_CODES.has(e.code)) return true;
  if (e.$retryable) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  if (e.name === 'TransactionCanceledException') {
    return (e.CancellationReasons ?? []).some((r) => r.Code !== undefined && TRANSIENT_REASONS.has(r.Code));
  }
  return e.cause !== undefined && e.cause !== error && isTransientDependencyError(e.cause);
}
