import { readdirSync, readFileSync } from 'node:fs';

/**
 * The pid of the process named `name` (its `comm`, e.g. `java`) whose parent is `parent`, read from
 * /proc (Linux); undefined when there is none. DynamoDB Local's launcher is `sh -c WRAPPER`, which
 * runs Java as a background job: signals meant for Java alone (SIGSTOP to pause it) need its own pid.
 */
export function childPid(parent: number, name: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split at the last ")".
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    if (ppid === parent && comm === name) return Number(entry);
  }
  return undefined;
}
