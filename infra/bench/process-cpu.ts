import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU of other processes from /proc (Linux), for benches that share the machine with them: the
 * DynamoDB Local the bench started (its Java), whose CPU is most of a catalog write's on the twin.
 */

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux the bench runs on). */
const TICKS_PER_S = 100;

/** User + system CPU (ms, every thread) a process has used so far; undefined once it is gone. */
export function processCpuMs(pid: number): number | undefined {
  const fields = statFields(pid);
  if (!fields) return undefined;
  // After "pid (comm) ": state is field 0, utime field 11, stime field 12.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** The pid of a process named `name` (e.g. `java`) among this process's descendants, if any. */
export function descendantPid(name: string, root = process.pid): number | undefined {
  const children = new Map<number, { pid: number; comm: string }[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    const ppid = Number(stat.fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), { pid: Number(entry), comm: stat.comm }]);
  }
  const walk = (pid: number): number | undefined => {
    for (const child of children.get(pid) ?? []) {
      if (child.comm === name) return child.pid;
      const found = walk(child.pid);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(root);
}

function statFields(pid: number): string[] | undefined {
  return readStat(pid)?.fields;
}

function readStat(pid: number): { comm: string; fields: string[] } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone meanwhile, or not Linux
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split at the last ")".
  const close = stat.lastIndexOf(')');
  return { comm: stat.slice(stat.indexOf('(') + 1, close), fields: stat.slice(close + 2).split(' ') };
}
