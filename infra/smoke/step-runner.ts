import { SmokeFailure } from './smoke-failure';
import type { StepResult } from './smoke-report';

/** A failed step: its name and what went wrong (the message already names the request). */
export class StepFailure extends Error {
  override name = 'StepFailure';
  constructor(
    readonly step: string,
    message: string,
  ) {
    super(message);
  }
}

/** Runs the steps of a smoke run one by one, timing each and printing one line as it ends. */
export interface StepRunner {
  /** Runs a step; its result's `status` and `request` go into the line. Throws StepFailure on failure. */
  run<T extends { status: number; request: string }>(name: string, action: () => Promise<T>): Promise<T>;
  /** Records a step that does not apply, with the reason. */
  skip(name: string, reason: string): void;
  readonly results: readonly StepResult[];
}

/** A step runner that prints through `log` (one line per step, so a long run shows its progress). */
export function stepRunner(log: (line: string) => void): StepRunner {
  const results: StepResult[] = [];
  const record = (result: StepResult) => {
    results.push(result);
    const mark = result.skipped ? 'skip' : result.ok ? 'ok' : 'FAIL';
    const status = result.status === null ? '---' : String(result.status);
    log(`${mark.padEnd(4)} ${status} ${`${result.ms} ms`.padStart(8)}  ${result.name}: ${result.detail}`);
  };
  return {
    results,
    async run(name, action) {
      const started = performance.now();
      try {
        const result = await action();
        record({ name, ok: true, status: result.status, ms: elapsed(started), detail: result.request });
        return result;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const status = error instanceof SmokeFailure ? error.status : null;
        record({ name, ok: false, status, ms: elapsed(started), detail: message });
        throw new StepFailure(name, message);
      }
    },
    skip(name, reason) {
      record({ name, ok: true, status: null, ms: 0, detail: reason, skipped: true });
    },
  };
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
