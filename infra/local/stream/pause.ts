import { setTimeout as delay } from 'node:timers/promises';

/**
 * Waits `ms` unless `signal` aborts first: true when the time passed, false when stopped. The timer
 * does not keep the process alive (a runner someone forgot to stop never holds a test run open),
 * and an abort clears it at once.
 */
export async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  try {
    await delay(ms, undefined, { signal, ref: false });
    return true;
  } catch {
    return false;
  }
}
