import { vi } from 'vitest';
import { startFromFirstEnvironment } from './first-environment';

/**
 * Setup file of the api and slow projects (vitest.config.ts), run before each of their files. The
 * files share worker processes (isolate: false): starting a process per file and loading the SDK (or
 * aws-cdk-lib) into it again cost more than many files' tests. Each file starts from the environment
 * the first one saw and imports the project's modules afresh (lib/config.ts's parsed configuration,
 * the data layer's clients and the test middlewares on them, caches): nothing of an earlier file is
 * left over but the packages under node_modules.
 */
startFromFirstEnvironment('apiTestEnv');
vi.resetModules();
