import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What the twin's process reports once it serves (test/support/twin-child.ts). */
export interface TwinProcess {
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The environment variables the twin set in its process. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./twin-child.ts', import.meta.url));

/** Starts the twin in a child process (tsx) and resolves with its endpoints once it serves. */
export function startTwinProcess(): Promise<TwinProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    child.stdin?.end();
    const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killed);
  };
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.startsWith('TWIN '));
      if (line) resolve({ ...JSON.parse(line.slice(5)), stop });
      else if (output.length > 100_000) output = output.slice(-10_000);
    });
    child.once('exit', (code) =>
      reject(new Error(`the twin's process exited (${code}) before serving:\n${output}`)),
    );
    child.once('error', reject);
  });
}
