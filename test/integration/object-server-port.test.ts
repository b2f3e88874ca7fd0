import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startS3Local } from '../../infra/local/s3-local';

/**
 * The twin's object server with kept data (`npm start -- --data-dir`): image URLs stored in the
 * kept data name the server's port, so a restart must come back on it.
 */
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function keptData(): string {
  const folder = mkdtempSync(join(tmpdir(), 'shop-kept-'));
  folders.push(folder);
  return folder;
}

const portOf = (endpoint: string) => Number(new URL(endpoint).port);

describe('the object server with kept data', () => {
  it('comes back on the port of its last run, where the stored image URLs point', async () => {
    const dataDir = keptData();
    const first = await startS3Local({ buckets: ['media'], dataDir });
    await first.stop();

    const again = await startS3Local({ buckets: ['media'], dataDir });
    await again.stop();

    expect(portOf(again.endpoint)).toBe(portOf(first.endpoint));
    expect(again.moved).toBeUndefined();
  });

  it('takes another port when that one is taken, and says which it left', async () => {
    const dataDir = keptData();
    const first = await startS3Local({ buckets: ['media'], dataDir });
    await first.stop();
    const squatter: Server = createServer();
    await new Promise<void>((listening) => squatter.listen(portOf(first.endpoint), '127.0.0.1', listening));

    const again = await startS3Local({ buckets: ['media'], dataDir }).finally(
      () => new Promise((closed) => squatter.close(closed)),
    );
    await again.stop();

    expect(portOf(again.endpoint)).not.toBe(portOf(first.endpoint));
    expect(again.moved).toEqual({ from: portOf(first.endpoint) });
  });
});
