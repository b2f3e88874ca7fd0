import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** What the figures were measured on: CPUs, CPU model and Node version. */
export function machine(): { cpus: number; cpuModel: string; node: string } {
  let cpuModel = 'unknown';
  try {
    cpuModel =
      /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpuModel;
  } catch {
    // not Linux
  }
  return { cpus: availableParallelism(), cpuModel, node: process.version };
}
