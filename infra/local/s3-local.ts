import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import { assertPortFree, PortInUseError } from './ports';

/** The twin's object storage: an S3-compatible server on 127.0.0.1 (images, exports). */
export interface S3Local {
  /** http://127.0.0.1:PORT, for the S3 client's `endpoint` (path-style addressing). */
  endpoint: string;
  /** Kept data only: the last run's port, when it was taken and another had to be used. */
  moved?: { from: number };
  stop(): Promise<void>;
}

/**
 * Starts s3rver (an embedded S3-compatible server; the same AWS SDK S3 client code that runs in
 * AWS talks to it) on a free port of 127.0.0.1 with the given buckets. Without `dataDir` the
 * objects live in a temporary folder removed on stop, so a run leaves nothing behind, like
 * DynamoDB Local's in-memory mode; with `dataDir` they are kept in `<dataDir>/objects`, and the
 * server comes back on the port of the last run (`<dataDir>/objects-port`): the image URLs stored
 * in kept data name that port.
 */
export async function startS3Local(opts: { buckets: readonly string[]; dataDir?: string }): Promise<S3Local> {
  const ephemeral = opts.dataDir === undefined;
  const kept = ephemeral ? undefined : resolve(opts.dataDir as string);
  const directory = kept ? join(kept, 'objects') : mkdtempSync(join(tmpdir(), 'shop-objects-'));
  mkdirSync(directory, { recursive: true });
  const portFile = kept && join(kept, 'objects-port');
  const last = portFile && existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : 0;
  // s3rver does not report a taken port (the error goes unhandled): it is checked first.
  const lastFree = last !== 0 && (await isFree(last));
  const server = new S3rver({
    address: '127.0.0.1',
    port: lastFree ? last : 0,
    directory,
    silent: true,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const moved = last !== 0 && !lastFree ? { from: last } : undefined;
  if (portFile) writeFileSync(portFile, String(port));
  return {
    ...(moved ? { moved } : {}),
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      if (ephemeral) rmSync(directory, { recursive: true, force: true });
    },
  };
}

function isFree(port: number): Promise<boolean> {
  return assertPortFree(port, 'the object server', '127.0.0.1').then(
    () => true,
    (error: unknown) => {
      if (error instanceof PortInUseError) return false;
      throw error;
    },
  );
}
