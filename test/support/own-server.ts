import { afterAll, beforeAll } from 'vitest';
import { startLocalServer } from '../../infra/local/server';
import { type ApiResponse, type CallOptions, call } from './api';
import { useLocalTable } from './local-env';

/** Calls one server: the run's (`call`) or a file's own (`ownServer()`). */
export type Caller = (path: string, options?: CallOptions) => Promise<ApiResponse>;

/**
 * A server of the test file's own, started before its tests and closed after them, for files that
 * inject faults or lose answers: those stay in this process, so only this server's requests meet
 * them. Returns the caller of that server.
 */
export function ownServer(): Caller {
  let server: Awaited<ReturnType<typeof startLocalServer>> | undefined;
  beforeAll(async () => {
    useLocalTable();
    server = await startLocalServer({ port: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });
  return (path, options = {}) => {
    if (!server) throw new Error('ownServer(): its server starts in beforeAll');
    return call(path, { baseUrl: server.url, ...options });
  };
}
