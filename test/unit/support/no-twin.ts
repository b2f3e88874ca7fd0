import { vi } from 'vitest';
import { startFromFirstEnvironment } from '../../support/first-environment';

/**
 * Setup file of the unit project (vitest.config.ts), run before each unit test file: unit tests run
 * without DynamoDB, the twin or Java, and the same way in `npm run test:unit` and `npm test`.
 * - Under `npm test` the workers inherit what the twin's global setup put in the environment
 *   (DynamoDB Local's endpoint, the dev keys, ...): removed here. A stray DynamoDB call goes to a
 *   closed port and fails at once, never to the twin or to AWS.
 * - The project shares worker processes between files (isolate: false, for speed): each file starts
 *   from the environment the first one saw and imports the project's modules afresh, so its vi.mock
 *   calls apply and no module state (lib/config.ts's parsed configuration, caches) of an earlier file
 *   is left over. Packages under node_modules stay loaded: that is the time saved.
 */
const TWIN_VARIABLES = [
  'TABLE_NAME',
  'DYNAMODB_ENDPOINT',
  'AUTH_JWKS_FILE',
  'AUTH_JWKS_URI',
  'AUTH_ISSUER',
  'AUTH_AUDIENCE',
  'IDEMPOTENCY_SECRET_FILE',
  'IDEMPOTENCY_SECRET_ARN',
  'NEWSLETTER_SECRET_FILE',
  'NEWSLETTER_SECRET_ARN',
  'RATE_LIMIT_PER_HOUR',
  'LOCAL_EVENTS_FILE',
  'AWS_SESSION_TOKEN',
  'AWS_PROFILE',
];

const env = startFromFirstEnvironment('unitTestEnv');
for (const name of TWIN_VARIABLES) delete env[name];
// Port 9 (discard) is closed on loopback.
env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:9';
env.AWS_REGION = 'local';
env.AWS_ACCESS_KEY_ID = 'unit';
env.AWS_SECRET_ACCESS_KEY = 'unit';
env.LOG_LEVEL ??= 'warn';
env.METRICS ??= 'off';
vi.resetModules();
