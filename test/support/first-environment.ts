/**
 * For projects whose files share worker processes (vitest `isolate: false`): gives this file the
 * environment the worker's first file saw, whatever an earlier file set or removed. `slot` names the
 * copy, one per project.
 */
export function startFromFirstEnvironment(slot: string): NodeJS.ProcessEnv {
  const env = process.env;
  const worker = globalThis as unknown as Record<string, NodeJS.ProcessEnv | undefined>;
  worker[slot] ??= { ...env };
  const first = worker[slot];
  for (const name of Object.keys(env)) if (!(name in first)) delete env[name];
  Object.assign(env, first);
  return env;
}
