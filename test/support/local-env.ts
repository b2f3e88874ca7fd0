import { inject } from 'vitest';
import { applyLocalEnv } from '../../infra/local/local-env';
import { createTableIfMissing } from '../../lib/data/create-table';

/**
 * Points this test file's process at the run's DynamoDB Local and embedded S3 server (import it
 * first in integration tests). Refuses anything but a loopback endpoint, so a test can never touch a real table.
 */
export function useLocalTable(): void {
  const endpoint = inject('dynamoEndpoint');
  if (!/^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(endpoint))
    throw new Error(`refusing non-local endpoint ${endpoint}`);
  process.env.LOG_LEVEL ??= 'warn';
  // One metrics line per request would bury the test output (test/api/telemetry.test.ts checks them).
  process.env.METRICS ??= 'off';
  process.env.RATE_LIMIT_PER_HOUR ??= '10000000';
  applyLocalEnv({ endpoint, s3Endpoint: inject('s3Endpoint') });
}

/**
 * Points this test file's process at a table of its own on the run's DynamoDB Local (created if
 * missing): for tests that play the stream's part with records they make up. The twin's stream
 * consumer reads the run's table only, so it never folds this table's stock shards into the
 * views these tests check.
 */
export async function useOwnTable(table: string): Promise<void> {
  useLocalTable();
  applyLocalEnv({ endpoint: inject('dynamoEndpoint'), table });
  await createTableIfMissing();
}
