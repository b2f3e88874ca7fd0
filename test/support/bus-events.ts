import { closeSync, openSync, readSync } from 'node:fs';
import { inject } from 'vitest';
import type { EventPredicate, LocalBusEvent } from '../../infra/local/events/local-event-bus';

/**
 * The twin's bus as a test file sees it: the twin runs in vitest's main process and its bus appends
 * every event to a file (LOCAL_EVENTS_FILE, test/global-setup.ts); this reads that file on from
 * where it last stopped. Events of the whole run are there: match on ids of your own.
 */
const seen: LocalBusEvent[] = [];
const chunk = Buffer.alloc(1 << 16);
let offset = 0;
let partial = '';

/** Reads what the bus appended since the last read. */
function readNew(): void {
  const fd = openSync(inject('eventsFile'), 'r');
  try {
    for (
      let n = readSync(fd, chunk, 0, chunk.length, offset);
      n > 0;
      n = readSync(fd, chunk, 0, chunk.length, offset)
    ) {
      offset += n;
      const lines = (partial + chunk.toString('utf8', 0, n)).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line) seen.push(JSON.parse(line) as LocalBusEvent);
    }
  } finally {
    closeSync(fd);
  }
}

/** The events on the twin's bus so far that match `predicate`. */
export function busEvents(predicate: EventPredicate): LocalBusEvent[] {
  readNew();
  return seen.filter(predicate);
}

/**
 * Resolves with the first `count` events on the twin's bus matching `predicate` once there are
 * that many; fails after `timeoutMs` (the consumer polls the stream every STREAM_POLL_MS).
 */
export async function waitForBusEvents(
  predicate: EventPredicate,
  timeoutMs = 10_000,
  count = 1,
): Promise<LocalBusEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = busEvents(predicate);
    if (found.length >= count) return found.slice(0, count);
    if (Date.now() > deadline) {
      throw new Error(
        `waited ${timeoutMs} ms for ${count} matching event(s) on the twin's bus, got ${found.length}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
