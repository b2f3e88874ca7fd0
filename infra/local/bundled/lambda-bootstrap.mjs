/**
 * One Lambda instance of the rehearsal, in a Node process of its own (function-host.ts forks it): loads
 * the handler the way Lambda's Node.js runtime does (`_HANDLER` = `index.handler` → `index.mjs`,
 * `.js` or `.cjs` in `LAMBDA_TASK_ROOT`, export `handler`) and answers one invocation at a time over
 * IPC. Plain JavaScript with Node built-ins only: nothing of the repository is on its way, so the
 * bundle resolves its imports from its own folder alone, as in AWS.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const errorOf = (error) => ({
  errorType: error?.name ?? 'Error',
  errorMessage: error?.message ?? String(error),
  stack: typeof error?.stack === 'string' ? error.stack.split('\n') : [],
});

async function loadHandler() {
  const setting = process.env._HANDLER ?? '';
  const dot = setting.lastIndexOf('.');
  if (dot <= 0) throw new Error(`Bad handler setting "${setting}"`);
  const base = join(process.env.LAMBDA_TASK_ROOT ?? '.', setting.slice(0, dot));
  const file = ['.mjs', '.js', '.cjs'].map((ext) => base + ext).find((f) => existsSync(f));
  if (!file)
    throw new Error(`Cannot find module ${setting.slice(0, dot)} in ${process.env.LAMBDA_TASK_ROOT}`);
  const module = await import(pathToFileURL(file).href);
  const handler = module[setting.slice(dot + 1)];
  if (typeof handler !== 'function') throw new Error(`${setting} is undefined or not exported`);
  return handler;
}

function contextOf({ deadline, ...fields }) {
  const unsupported = () => {
    throw new Error('Callback-style context methods are not supported; return a promise');
  };
  return {
    ...fields,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

// The twin gone (stopped, or killed without stopping its functions): no instance outlives it.
process.on('disconnect', () => process.exit(0));

let handler;
try {
  handler = await loadHandler();
  process.send({ type: 'ready' });
} catch (error) {
  process.send({ type: 'init-error', error: errorOf(error) }, () => process.exit(1));
}

process.on('message', async (message) => {
  if (message?.type !== 'invoke' || !handler) return;
  try {
    const result = await handler(message.event, contextOf(message.context));
    process.send({ type: 'result', id: message.id, result: result ?? null });
  } catch (error) {
    process.send({ type: 'error', id: message.id, error: errorOf(error) });
  }
});
