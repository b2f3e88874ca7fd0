import { randomUUID } from 'node:crypto';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { repoRoot } from './dev-issuer';

/** A Lambda handler as the functions export it (Middy handlers take the event and the context). */
export type LambdaHandler = (event: unknown, context: Context) => unknown;

/** API Gateway's integration timeout: what a handler sees as its remaining time at the start. */
export const TIMEOUT_MS = 29_000;

const cache = new Map<string, Promise<LambdaHandler>>();

/**
 * Imports a handler module (path relative to the repository root, as in the route table) once and
 * returns its `handler` export. A failed import is not cached, so a file written later is picked up.
 */
export function loadHandler(file: string): Promise<LambdaHandler> {
  let loaded = cache.get(file);
  if (!loaded) {
    const path = isAbsolute(file) ? file : join(repoRoot, file);
    loaded = import(pathToFileURL(path).href).then((module: { handler?: unknown }) => {
      if (typeof module.handler !== 'function')
        throw new Error(`${file} does not export a function "handler"`);
      return module.handler as LambdaHandler;
    });
    loaded.catch(() => cache.delete(file));
    cache.set(file, loaded);
  }
  return loaded;
}

/** A minimal Lambda context, enough for Middy and logging: name, request id, remaining time. */
export function lambdaContext(functionName: string, awsRequestId = randomUUID()): Context {
  const deadline = Date.now() + TIMEOUT_MS;
  const unsupported = () => {
    throw new Error('Callback-style context methods are not supported; return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}
