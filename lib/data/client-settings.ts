/**
 * The DynamoDB client's settings, in a module of their own so that the cold-start floor
 * (infra/bench/cold-floor.ts) builds the very same client without loading the configuration.
 * Retries with exponential backoff and jitter (throttling, 5xx, broken connections), all within
 * the function's time budget: 3 attempts of at most 2 s each plus the backoff.
 */
export const DYNAMO_CLIENT_SETTINGS = {
  maxAttempts: 3,
  retryMode: 'standard',
  requestHandler: { connectionTimeout: 1000, requestTimeout: 2000 },
} as const;

/** The document client's marshalling options. */
export const DYNAMO_MARSHALL_OPTIONS = { removeUndefinedValues: true, convertEmptyValues: false } as const;
