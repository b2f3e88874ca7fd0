import { inject } from 'vitest';
import { applyLocalEnv } from '../../infra/local/local-env';

/**
 * Points this test file's process at the run's DynamoDB Local (import it first in integration
 * tests). Refuses anything but a loopback endpoint, so a test can never touch a real table.
 */
export function useLocalTable(): void {
  const endpoint = inject('dynamoEndpoint');
  if (!/^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(endpoint))
    throw new Error(`refusing non-local endpoint ${endpoint}`);
  process.env.LOG_LEVEL ??= 'warn';
  // One metrics line per request would bury the test output (test/api/telemetry.test.ts checks them).
  process.env.METRICS ??= 'off';
  process.env.RATE_LIMIT_PER_HOUR ??= '10000000';
  applyLocalEnv({ endpoint });
}
