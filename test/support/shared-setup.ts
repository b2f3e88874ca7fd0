/**
 * Lets several vitest projects share one resource started by their global setups (one twin, one
 * response-check folder per run, not one per project). Global setups of all projects run in the
 * same main process, so the resource lives on globalThis; each setup takes a reference and its
 * teardown gives it back; the last one stops the resource.
 */

interface Shared<T> {
  value: Promise<T>;
  users: number;
}

const main = globalThis as { shopTestShared?: Map<string, Shared<unknown>> };
main.shopTestShared ??= new Map();
const registry = main.shopTestShared;

/**
 * The resource named `key`, started by `start` for the first caller; `stop` runs when the last
 * caller's release does. Returns the value and that release.
 */
export async function sharedResource<T>(
  key: string,
  start: () => Promise<T>,
  stop: (value: T) => Promise<void> | void,
): Promise<{ value: T; release: () => Promise<void> }> {
  let entry = registry.get(key) as Shared<T> | undefined;
  if (!entry) {
    entry = { value: start(), users: 0 };
    registry.set(key, entry as Shared<unknown>);
  }
  entry.users += 1;
  const current = entry;
  const value = await current.value;
  return {
    value,
    release: async () => {
      current.users -= 1;
      if (current.users > 0) return;
      registry.delete(key);
      await stop(value);
    },
  };
}
