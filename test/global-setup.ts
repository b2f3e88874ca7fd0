import type { TestProject } from 'vitest/node';
import { startTwin } from '../infra/local/twin';
import { sharedResource } from './support/shared-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the local API server (real HTTP). */
    apiUrl: string;
    /** DynamoDB Local's endpoint, for integration tests that call handlers and repositories. */
    dynamoEndpoint: string;
  }
}

/**
 * Starts the local twin on free ports for the projects that need it (vitest.config.ts: api, slow),
 * once per run however many of them run; stops it (and Java) afterwards.
 */
export default async function setup(project: TestProject) {
  const { value: twin, release } = await sharedResource(
    'twin',
    () => {
      process.env.LOG_LEVEL ??= 'warn';
      // One metrics line per request would bury the test output (test/api/telemetry.test.ts checks them).
      process.env.METRICS ??= 'off';
      // Test files share a few tokens for thousands of requests; the rate limit has its own tests.
      process.env.RATE_LIMIT_PER_HOUR ??= '10000000';
      return startTwin({ port: 0, quiet: true });
    },
    (started) => started.stop(),
  );
  project.provide('apiUrl', twin.url);
  project.provide('dynamoEndpoint', twin.dynamoEndpoint);
  return release;
}
