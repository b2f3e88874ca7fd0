import { createServer } from 'node:net';

/** A port that is free on 127.0.0.1 right now (the OS picks it: listen on 0, read, close). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Thrown when a port someone asked for is already in use. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    what: string,
  ) {
    super(`Port ${port} is already in use (wanted by ${what}): stop what runs there or pick another port.`);
    this.name = 'PortInUseError';
  }
}

/**
 * Fails fast with a clear message when a given port is taken, before anything slow (Java) starts.
 * Checks all interfaces as DynamoDB Local binds there.
 */
export function assertPortFree(port: number, what: string, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, what) : error);
    });
    server.listen(port, host, () => server.close(() => resolve()));
  });
}
