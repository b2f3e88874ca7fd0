import type { Leftover, Made } from './made';

/** One step of a smoke run as printed and reported. */
export interface StepResult {
  name: string;
  ok: boolean;
  /** The HTTP status the step got (null: no answer, or a step that is no request). */
  status: number | null;
  ms: number;
  /** The request (`GET /demo/products`), or why the step failed or was skipped. */
  detail: string;
  /** A step that did not apply to this shop (e.g. no master product to read a lowest price of). */
  skipped?: boolean;
}

/** What `runSmoke` answers: every step, what stays behind, and the first failure if any. */
export interface SmokeReport {
  ok: boolean;
  /** The run's id, also in the name of the product it made. */
  runId: string;
  steps: StepResult[];
  leftovers: Leftover[];
  /** The ids of what the run made (the product, cart, order, customer) and what became of them. */
  made: Made;
  /** The first step that failed and its message (a clean-up failure counts when nothing failed before). */
  failure: { step: string; message: string } | null;
  ms: number;
}

/** The closing lines: `left behind: …` per leftover, then the verdict. */
export function closingLines(report: SmokeReport): string[] {
  const lines = report.leftovers.map((l) => `left behind: ${l.what} ${l.id}: ${l.note}`);
  const seconds = (report.ms / 1000).toFixed(1);
  const passed = report.steps.filter((s) => s.ok && !s.skipped).length;
  lines.push(
    report.failure
      ? `smoke test FAILED at step "${report.failure.step}": ${report.failure.message}`
      : `smoke test passed: ${passed} steps in ${seconds} s`,
  );
  return lines;
}
