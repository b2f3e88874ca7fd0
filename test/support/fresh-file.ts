import { vi } from 'vitest';

/**
 * Setup file of the api project (vitest.config.ts), run before each of its files. The files share
 * worker processes (isolate: false): starting a process per file and loading the SDK into it again
 * cost more than many files' tests. Each file starts from the environment the first one saw and
 * imports the project's modules afresh (lib/config.ts's parsed configuration, the data layer's
 * clients and the test middlewares on them, caches): nothing of an earlier file is left over but
 * the packages under node_modules.
 */
const env = process.env;
const worker = globalThis as { apiTestEnv?: NodeJS.ProcessEnv };
worker.apiTestEnv ??= { ...env };
const first = worker.apiTestEnv;
for (const name of Object.keys(env)) if (!(name in first)) delete env[name];
Object.assign(env, first);
vi.resetModules();
