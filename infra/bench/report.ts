/** The environment of a bench run and of the server processes it starts. */
export const BENCH_ENV = {
  // One JSON access-log line per request would measure the terminal, not the API.
  LOG_LEVEL: 'warn',
  // The metrics line (EMF) likewise: its cost is measured apart (docs/operations.md).
  METRICS: 'off',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  // One token sends every request: lift the hourly limit so the run is not cut off by 429s. The
  // rate limit still runs and still leases its blocks (the lease writes/req column).
  RATE_LIMIT_PER_HOUR: '100000000',
  // The twin runs the every-minute tasks in the API's own process; in AWS functions of their own do.
  MINUTE_TASKS_INTERVAL_MS: '60000',
};

/** Prints the tables on stdout and the missed budgets on stderr; the process's exit code. */
export function report(
  sections: readonly string[],
  missed: readonly string[],
  say: (line: string) => void,
): number {
  process.stdout.write(`${sections.join('\n\n')}\n`);
  if (missed.length > 0) {
    say(`\n${missed.length} budget(s) missed:`);
    for (const line of missed) say(`  - ${line}`);
    return 1;
  }
  say('\nevery budget met');
  return 0;
}
