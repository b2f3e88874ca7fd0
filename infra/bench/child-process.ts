import { type ChildProcess, fork } from 'node:child_process';

/** A message between the bench and one of its server processes: a type and any JSON fields. */
export type Message = { type: string; id?: number } & Record<string, unknown>;

export interface Child {
  /** The first message the child sent (its `ready`, with its URL). */
  ready: Message;
  /** Sends a request and resolves with the child's answer (same id). */
  ask(message: Message): Promise<Message>;
  stop(): Promise<void>;
}

/**
 * Starts a bench server process (a TypeScript file run with the same tsx loader as the bench) and
 * waits for its `ready` message. The servers run apart from the load generator so both have an event
 * loop of their own, as a Lambda and its client would.
 */
export function startChild(
  file: string,
  env: Record<string, string>,
  { nodeOptions = [], timeoutMs = 180_000 }: { nodeOptions?: string[]; timeoutMs?: number } = {},
): Promise<Child> {
  const child = fork(file, [], {
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...nodeOptions],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, (message: Message) => void>();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${file} did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code} before it was ready`));
    });
    child.on('message', (raw) => {
      const message = raw as Message;
      if (message.type === 'ready') {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ ready: message, ask, stop: () => stopChild(child) });
        return;
      }
      if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`${file}: ${String(message.error)}`));
        return;
      }
      if (message.id !== undefined) {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      }
    });
  });

  function ask(message: Message): Promise<Message> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, resolve);
      child.send({ ...message, id }, (error) => {
        if (error) reject(error);
      });
    });
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'stop' });
  });
}

/**
 * The child's side: answers the bench's messages with `handle` (the reply keeps the request's id)
 * and stops cleanly on `stop`.
 */
export function serveParent(
  ready: Record<string, unknown>,
  handle: (message: Message) => Promise<Record<string, unknown>>,
  stop: () => Promise<void>,
): void {
  const send = (message: Message) => process.send?.(message);
  process.on('message', (raw) => {
    const message = raw as Message;
    if (message.type === 'stop') {
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
      return;
    }
    handle(message).then(
      (answer) => send({ type: 'answer', ...answer, id: message.id }),
      (error: unknown) => send({ type: 'error', error: String(error), id: message.id }),
    );
  });
  // The bench went away without a stop: do not outlive it.
  process.on('disconnect', () => {
    stop().finally(() => process.exit(0));
  });
  send({ type: 'ready', ...ready });
}

/** Reports a start-up failure to the bench and exits. */
export function failStart(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (!process.send) {
    process.stderr.write(`${text}\n`);
    process.exit(1);
  }
  process.send({ type: 'failed', error: text }, () => process.exit(1));
}
