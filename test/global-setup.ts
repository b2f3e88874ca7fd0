import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sharedResource } from './support/shared-setup';
import { startTwinProcess } from './support/twin-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the local API server (real HTTP). */
    apiUrl: string;
    /** DynamoDB Local's endpoint, for integration tests that call handlers and repositories. */
    dynamoEndpoint: string;
    /** The embedded S3 server's endpoint (images, exports). */
    s3Endpoint: string;
    /** The file the twin's local bus appends each event to (test/support/bus-events.ts reads it). */
    eventsFile: string;
  }
}

/**
 * Starts the local twin, in a process of its own (test/support/twin-child.ts), on free ports for the
 * projects that need it (vitest.config.ts: api, slow),
 * once per run however many of them run, with its stream consumer and local bus; stops it (and
 * Java) afterwards.
 */
export default async function setup(project: TestProject) {
  const { value: twin, release } = await sharedResource(
    'twin',
    async () => {
      process.env.LOG_LEVEL ??= 'warn';
      // One metrics line per request would bury the test output (test/api/telemetry.test.ts checks them).
      process.env.METRICS ??= 'off';
      // Test files share a few tokens for thousands of requests; the rate limit has its own tests.
      process.env.RATE_LIMIT_PER_HOUR ??= '10000000';
      // Webhook receivers in the tests listen on 127.0.0.1, and the two-day retry schedule runs in 9 s.
      process.env.WEBHOOK_ALLOW_LOCAL ??= 'true';
      process.env.WEBHOOK_RETRY_SCALE ??= '0.00005';
      // The every-minute tasks at AWS's own pace: every quarter minute, they went through each of the
      // hundreds of shops the tests make. Tests that need a sweep run it themselves.
      process.env.MINUTE_TASKS_INTERVAL_MS ??= '60000';
      // The bus lives in the twin's process; test files read its events from a file.
      const folder = mkdtempSync(join(tmpdir(), 'shop-events-'));
      process.env.LOCAL_EVENTS_FILE = join(folder, 'events.jsonl');
      const started = await startTwinProcess();
      // The twin's variables (table, endpoints, dev keys), for the test workers forked after this.
      Object.assign(process.env, started.env);
      return { ...started, eventsFile: process.env.LOCAL_EVENTS_FILE, folder };
    },
    async (started) => {
      await started.stop();
      rmSync(started.folder, { recursive: true, force: true });
    },
  );
  project.provide('apiUrl', twin.url);
  project.provide('dynamoEndpoint', twin.dynamoEndpoint);
  project.provide('s3Endpoint', twin.s3Endpoint);
  project.provide('eventsFile', twin.eventsFile);
  return release;
}
