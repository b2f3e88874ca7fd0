import { type DynamoDBClient, ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { dynamoRaw } from '../../lib/data/client';

/*
 * Tests only: makes the DynamoDB client fail on purpose, inside the SDK's retry loop (so its
 * backoff and retries are exercised like against real throttling), holds, loses or counts its
 * calls. It lives under test/ so no function bundle or production path can reach it.
 */

/** The clients each test middleware below was added to (a configuration change makes a new client). */
const withMiddleware = new WeakMap<object, Set<string>>();

/** Adds the test middleware `name` to the current DynamoDB client, once per client. */
function addOnce(name: string, add: (client: DynamoDBClient) => unknown): void {
  const client = dynamoRaw();
  const added = withMiddleware.get(client) ?? new Set();
  withMiddleware.set(client, added);
  if (added.has(name)) return;
  added.add(name);
  add(client);
}

/** Which calls injectFaults fails, and how. */
export interface FaultPlan {
  /** Command names to fail (e.g. TransactWriteItemsCommand); empty = every command. */
  commands?: string[];
  /** How many attempts to fail; Infinity = until cleared. */
  times: number;
  /** How many matching calls to let through first (to fail a later step of a request). */
  skip?: number;
  /** The error to throw: throttling by default. */
  error?: () => Error;
}

let plan: (FaultPlan & { failed: number; seen: number }) | null = null;

/** Fails the planned DynamoDB calls from now on; returns a counter of the injected failures. */
export function injectFaults(next: FaultPlan): { failed: () => number } {
  addOnce('testFaultInjection', (client) =>
    client.middlewareStack.add(
      (nextHandler, context) => async (args) => {
        const active = plan;
        const command = context.commandName ?? '';
        if (
          active &&
          active.failed < active.times &&
          (!active.commands?.length || active.commands.includes(command)) &&
          active.seen++ >= (active.skip ?? 0)
        ) {
          active.failed += 1;
          throw (active.error ?? throttled)();
        }
        return nextHandler(args);
      },
      { step: 'finalizeRequest', priority: 'low', name: 'testFaultInjection' },
    ),
  );
  const current = { ...next, failed: 0, seen: 0 };
  plan = current;
  return { failed: () => current.failed };
}

/** Stops injecting faults. */
export function clearFaults(): void {
  plan = null;
}

function throttled(): Error {
  return new ProvisionedThroughputExceededException({ message: 'injected throttling', $metadata: {} });
}

/** A DynamoDB call held back until the test lets it go (to order two requests' reads and writes). */
export interface HeldCall {
  /** Resolves once a matching call has reached the client (and waits there). */
  reached: Promise<void>;
  /** Lets the held call (and every later matching one) go on. */
  release(): void;
}

let hold: {
  matches: (command: string, input: unknown) => boolean;
  gate: Promise<void>;
  reached: () => void;
} | null = null;

/**
 * Holds the next DynamoDB calls that `matches` (by command name and input, as sent) until
 * `release()`: a race between two requests, made to happen every time in the order the test wants.
 */
export function holdCalls(matches: (command: string, input: unknown) => boolean): HeldCall {
  addOnce('testHeldCalls', (client) =>
    client.middlewareStack.add(
      (nextHandler, context) => async (args) => {
        const active = hold;
        if (active?.matches(context.commandName ?? '', args.input)) {
          active.reached();
          await active.gate;
        }
        return nextHandler(args);
      },
      { step: 'initialize', priority: 'high', name: 'testHeldCalls' },
    ),
  );
  let release = () => {};
  let reached = () => {};
  const gate = new Promise<void>((open) => {
    release = () => {
      hold = null;
      open();
    };
  });
  const wasReached = new Promise<void>((resolve) => {
    reached = resolve;
  });
  hold = { matches, gate, reached };
  return { reached: wasReached, release };
}

let losing: (Omit<FaultPlan, 'error'> & { bodyIncludes?: string; lost: number }) | null = null;

/**
 * Lets the planned DynamoDB calls reach DynamoDB and then throws their answer away, failing the
 * attempt with a TimeoutError: what a paused DynamoDB Local (or a slow AWS answer) does to a write
 * that it applies after the client stopped waiting. Inside the SDK's retry loop, like a real
 * timeout: `times` of at least the client's attempts makes the call fail although it was applied.
 */
export function loseAnswers(
  next: Omit<FaultPlan, 'error'> & {
    /** Only calls whose request (the JSON sent) contains this, e.g. a key's prefix. */
    bodyIncludes?: string;
  },
): { lost: () => number } {
  addOnce('testLostAnswers', (client) =>
    client.middlewareStack.add(
      (nextHandler, context) => async (args) => {
        const answer = await nextHandler(args);
        const active = losing;
        const command = context.commandName ?? '';
        if (
          active &&
          active.lost < active.times &&
          (!active.commands?.length || active.commands.includes(command)) &&
          (active.bodyIncludes === undefined || requestBody(args).includes(active.bodyIncludes))
        ) {
          active.lost += 1;
          throw Object.assign(new Error('injected: answer lost after the write was applied'), {
            name: 'TimeoutError',
          });
        }
        return answer;
      },
      { step: 'finalizeRequest', priority: 'low', name: 'testLostAnswers' },
    ),
  );
  const current = { ...next, lost: 0 };
  losing = current;
  return { lost: () => current.lost };
}

/** The JSON body of a DynamoDB call as sent ('' if none): a string, or its bytes. */
function requestBody(args: { request?: unknown }): string {
  const body = (args.request as { body?: unknown } | undefined)?.body;
  if (typeof body === 'string') return body;
  return body instanceof Uint8Array ? Buffer.from(body).toString('utf8') : '';
}

/** Stops losing answers. */
export function clearLostAnswers(): void {
  losing = null;
}

let watchers: { matches: (command: string, input: unknown) => boolean; left: number; done: () => void }[] =
  [];

/** Counts the DynamoDB calls that `matches` (by command name and input) answered until `stop`. */
export function countAnswered(matches: (command: string, input: unknown) => boolean): {
  count(): number;
  stop(): void;
} {
  let counted = 0;
  let counting = true;
  void whenAnswered((command, input) => {
    if (counting && matches(command, input)) counted += 1;
    // Never reaches its count while counting; the first call after `stop` removes the watcher.
    return !counting;
  }, 1);
  return {
    count: () => counted,
    stop: () => {
      counting = false;
    },
  };
}

/**
 * Resolves once `count` DynamoDB calls that `matches` (by command name and input) have been
 * answered: a test's next step (another request's write) then surely comes after those reads.
 */
export function whenAnswered(
  matches: (command: string, input: unknown) => boolean,
  count: number,
): Promise<void> {
  addOnce('testWatchedAnswers', (client) =>
    client.middlewareStack.add(
      (nextHandler, context) => async (args) => {
        const answer = await nextHandler(args);
        for (const watcher of watchers)
          if (watcher.matches(context.commandName ?? '', args.input) && --watcher.left === 0) watcher.done();
        watchers = watchers.filter((w) => w.left > 0);
        return answer;
      },
      { step: 'initialize', priority: 'low', name: 'testWatchedAnswers' },
    ),
  );
  return new Promise((done) => {
    watchers.push({ matches, left: count, done });
  });
}
