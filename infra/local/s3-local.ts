import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';

/** The twin's object storage: an S3-compatible server on 127.0.0.1 (images, exports). */
export interface S3Local {
  /** http://127.0.0.1:PORT, for the S3 client's `endpoint` (path-style addressing). */
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts s3rver (an embedded S3-compatible server; the same AWS SDK S3 client code that runs in
 * AWS talks to it) on a free port of 127.0.0.1 with the given buckets. Without `dataDir` the
 * objects live in a temporary folder removed on stop, so a run leaves nothing behind, like
 * DynamoDB Local's in-memory mode; with `dataDir` they are kept in `<dataDir>/objects`.
 */
export async function startS3Local(opts: { buckets: readonly string[]; dataDir?: string }): Promise<S3Local> {
  const ephemeral = opts.dataDir === undefined;
  const directory = ephemeral
    ? mkdtempSync(join(tmpdir(), 'shop-objects-'))
    : join(resolve(opts.dataDir as string), 'objects');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      if (ephemeral) rmSync(directory, { recursive: true, force: true });
    },
  };
}
