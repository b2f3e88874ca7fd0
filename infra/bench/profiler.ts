import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

/**
 * A CPU profiler this process can switch on and off (the same profile `node --cpu-prof` writes, but
 * only for the requests being measured), for `npm run bench -- --profile DIR`. Open the
 * .cpuprofile files in Chrome DevTools or VS Code.
 */
export function cpuProfiler(): { start(): Promise<void>; stop(file: string): Promise<void> } {
  // Connected on the first start only: an inspector session open in a server process cost about
  // 0.1 ms of CPU per request in scratch measurements (docs/performance.md), on runs that profile nothing.
  const session = new Session();
  let enabled = false;
  return {
    start: async () => {
      if (!enabled) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 100 });
        enabled = true;
      }
      await session.post('Profiler.start');
    },
    stop: async (file) => {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
    },
  };
}

/** Answers the bench's `profile-start` / `profile-stop` messages to a server process; undefined for others. */
export async function answerProfileMessage(
  profiler: ReturnType<typeof cpuProfiler>,
  message: { type: string; file?: unknown },
): Promise<Record<string, never> | undefined> {
  if (message.type === 'profile-start') await profiler.start();
  else if (message.type === 'profile-stop') await profiler.stop(String(message.file));
  else return undefined;
  return {};
}
