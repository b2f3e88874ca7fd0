import { appendFileSync } from 'node:fs';
import { ulid } from 'ulid';
import type {
  EventBusClient,
  PutEventsInput,
  PutEventsOutput,
} from '../../../functions/events/event-bus-client';
import type { BusEntry } from '../../../lib/domain/domain-events';

/** One event as the local bus keeps it: EventBridge's envelope, the detail parsed. */
export interface LocalBusEvent {
  id: string;
  source: string;
  detailType: string;
  /** ISO 8601: the entry's Time, else when the bus took it (as EventBridge does). */
  time: string;
  bus: string;
  detail: Record<string, unknown>;
}

export type EventPredicate = (event: LocalBusEvent) => boolean;

export interface LocalEventBusOptions {
  /** Events kept in memory, the oldest dropped first. */
  keep?: number;
  /** Called with each event as it arrives (the twin prints one short line on stderr). */
  print?: (event: LocalBusEvent) => void;
  /** A file each event is appended to as one JSON line, for other processes (tests, tools). */
  file?: string;
}

const DEFAULT_KEEP = 1000;

interface Waiter {
  predicate: EventPredicate;
  count: number;
  found: LocalBusEvent[];
  done: (events: LocalBusEvent[]) => void;
}

/**
 * The twin's EventBridge: the stream consumer publishes to it through the same EventBusClient
 * interface as to the real bus (functions/events/event-bus-client.ts), and it keeps what it gets,
 * the latest `keep` events, in memory. It never refuses an entry.
 */
export class LocalEventBus implements EventBusClient {
  private readonly kept: LocalBusEvent[] = [];
  private readonly waiters = new Set<Waiter>();
  private readonly listeners = new Set<(event: LocalBusEvent) => void>();
  private readonly keep: number;

  constructor(private readonly options: LocalEventBusOptions = {}) {
    this.keep = options.keep ?? DEFAULT_KEEP;
  }

  async send(input: PutEventsInput): Promise<PutEventsOutput> {
    const taken = input.Entries.map((entry) => this.take(entry));
    return { FailedEntryCount: 0, Entries: taken.map((event) => ({ EventId: event.id })) };
  }

  /** Calls `listener` with every event from now on (as a rule's target would be); returns the way to stop. */
  listen(listener: (event: LocalBusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The events kept (oldest first), those matching `predicate` if given. */
  events(predicate: EventPredicate = () => true): LocalBusEvent[] {
    return this.kept.filter(predicate);
  }

  /**
   * Resolves with the first `count` events matching `predicate`, counting those kept already, as
   * soon as there are that many; rejects after `timeoutMs` saying what did arrive.
   */
  waitForEvents(predicate: EventPredicate, timeoutMs: number, count = 1): Promise<LocalBusEvent[]> {
    const found = this.kept.filter(predicate);
    if (found.length >= count) return Promise.resolve(found.slice(0, count));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const latest = this.kept.slice(-5).map((e) => e.detailType);
        reject(
          new Error(
            `waited ${timeoutMs} ms for ${count} matching event(s), got ${waiter.found.length}; latest on the bus: ${latest.join(', ') || 'none'}`,
          ),
        );
      }, timeoutMs);
      timer.unref();
      const waiter: Waiter = {
        predicate,
        count,
        found,
        done: (events) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(events);
        },
      };
      this.waiters.add(waiter);
    });
  }

  private take(entry: BusEntry): LocalBusEvent {
    const event: LocalBusEvent = {
      id: ulid(),
      source: entry.Source,
      detailType: entry.DetailType,
      time: (entry.Time ?? new Date()).toISOString(),
      bus: entry.EventBusName,
      detail: JSON.parse(entry.Detail) as Record<string, unknown>,
    };
    this.kept.push(event);
    if (this.kept.length > this.keep) this.kept.shift();
    // Synchronous: lines land whole and in order, for a reader in another process.
    if (this.options.file) appendFileSync(this.options.file, `${JSON.stringify(event)}\n`);
    this.options.print?.(event);
    for (const listener of this.listeners) listener(event);
    for (const waiter of this.waiters) {
      if (!waiter.predicate(event)) continue;
      waiter.found.push(event);
      if (waiter.found.length >= waiter.count) waiter.done(waiter.found.slice(0, waiter.count));
    }
    return event;
  }
}
