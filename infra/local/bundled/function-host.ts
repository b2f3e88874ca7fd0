import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/**
 * The rehearsal's Lambda service for one function: instances are Node processes started from the
 * function's asset folder (lambda-bootstrap.mjs), each running one invocation at a time as Lambda
 * does, started when every running one is busy (up to MAX_INSTANCES), kept warm, and killed when an
 * invocation outlives the function's timeout. An instance that cannot start (its bundle fails to
 * import, a missing module) fails the invocation with Lambda's own kind of message.
 */

const BOOTSTRAP = fileURLToPath(new URL('./lambda-bootstrap.mjs', import.meta.url));
/** Instances of one function at once; more invocations wait for one (a twin, not a fleet). */
const MAX_INSTANCES = 8;

export interface FunctionSpec {
  /** Shown in messages: `CartsRoutes/createCart`. */
  name: string;
  /** AWS_LAMBDA_FUNCTION_NAME. */
  functionName: string;
  assetDir: string;
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** Exactly what the process sees: nothing of the parent's environment is added. */
  environment: Record<string, string>;
}

/** An invocation that failed inside the function (Lambda's "Unhandled" error) or could not run. */
export class FunctionError extends Error {
  constructor(
    readonly functionName: string,
    readonly errorType: string,
    message: string,
    /** The function's own stack trace, when it threw. */
    readonly functionStack?: string,
  ) {
    super(`${functionName}: ${errorType}: ${message}`);
    this.name = 'FunctionError';
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface WireError {
  errorType: string;
  errorMessage: string;
  stack: string[];
}

class Instance {
  readonly process: ChildProcess;
  readonly ready: Promise<void>;
  busy = false;
  dead = false;
  private current: Pending | undefined;

  constructor(private readonly spec: FunctionSpec) {
    this.process = fork(BOOTSTRAP, [], {
      cwd: spec.assetDir,
      env: spec.environment,
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    this.ready = new Promise((resolve, reject) => {
      this.process.on('message', (message: { type: string; result?: unknown; error?: WireError }) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'init-error')
          reject(this.failure(message.error, 'Runtime.ImportModuleError'));
        else if (message.type === 'result') this.settle((p) => p.resolve(message.result));
        else if (message.type === 'error') this.settle((p) => p.reject(this.failure(message.error)));
      });
      this.process.once('exit', (code, signal) => {
        this.dead = true;
        const error = new FunctionError(
          spec.name,
          'Runtime.ExitError',
          `instance exited (${signal ?? code})`,
        );
        reject(error);
        this.settle((p) => p.reject(error));
      });
    });
    this.ready.catch(() => {});
  }

  invoke(event: unknown, context: Record<string, unknown>): Promise<unknown> {
    this.busy = true;
    return new Promise((resolve, reject) => {
      const timeoutMs = this.spec.timeoutSeconds * 1000;
      const timer = setTimeout(() => {
        this.settle((p) =>
          p.reject(
            new FunctionError(
              this.spec.name,
              'Sandbox.Timedout',
              `Task timed out after ${this.spec.timeoutSeconds} seconds`,
            ),
          ),
        );
        this.kill();
      }, timeoutMs);
      this.current = { resolve, reject, timer };
      this.process.send({
        type: 'invoke',
        id: 1,
        event,
        context: { ...context, deadline: Date.now() + timeoutMs },
      });
    });
  }

  kill(): void {
    this.dead = true;
    this.process.kill('SIGKILL');
  }

  private settle(action: (pending: Pending) => void): void {
    const pending = this.current;
    if (!pending) return;
    this.current = undefined;
    clearTimeout(pending.timer);
    this.busy = false;
    action(pending);
  }

  private failure(error: WireError | undefined, type?: string): FunctionError {
    return new FunctionError(
      this.spec.name,
      type ?? error?.errorType ?? 'Error',
      error?.errorMessage ?? 'unknown error',
      error?.stack.join('\n'),
    );
  }
}

/** One function's instances; `invoke` is what Lambda's Invoke is to the function. */
export class FunctionHost {
  /** Invocations asked for so far (the rehearsal's test checks every function answered). */
  invocations = 0;
  private readonly instances = new Set<Instance>();
  private readonly waiting: (() => void)[] = [];
  private stopped = false;

  constructor(readonly spec: FunctionSpec) {}

  /** Runs one event on a free instance (a new one if none is free); the handler's result. */
  async invoke(event: unknown, awsRequestId: string = randomUUID()): Promise<unknown> {
    this.invocations += 1;
    const instance = await this.freeInstance();
    try {
      await instance.ready;
    } catch (error) {
      this.instances.delete(instance);
      this.release();
      throw error;
    }
    try {
      return await instance.invoke(event, {
        functionName: this.spec.functionName,
        functionVersion: '$LATEST',
        invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${this.spec.functionName}`,
        memoryLimitInMB: String(this.spec.memoryMb),
        awsRequestId,
        logGroupName: `/aws/lambda/${this.spec.functionName}`,
        logStreamName: 'rehearsal',
      });
    } finally {
      if (instance.dead) this.instances.delete(instance);
      this.release();
    }
  }

  /** Kills every instance; invocations still running fail. */
  stop(): void {
    this.stopped = true;
    for (const instance of this.instances) instance.kill();
    this.instances.clear();
  }

  private async freeInstance(): Promise<Instance> {
    for (;;) {
      if (this.stopped) throw new FunctionError(this.spec.name, 'Runtime.Stopped', 'the twin is stopping');
      for (const instance of this.instances) if (instance.dead) this.instances.delete(instance);
      const idle = [...this.instances].find((i) => !i.busy && !i.dead);
      if (idle) {
        idle.busy = true;
        return idle;
      }
      if (this.instances.size < MAX_INSTANCES) {
        const instance = new Instance(this.spec);
        instance.busy = true;
        this.instances.add(instance);
        return instance;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(): void {
    this.waiting.shift()?.();
  }
}
