import { defineConfig } from 'vitest/config';

/**
 * One run starts the local twin once (DynamoDB Local, the seeded demo shops and the HTTP server;
 * test/global-setup.ts); integration and API tests share it, unit tests ignore it.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts', 'test/support/response-check-summary.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 90_000,
  },
});
