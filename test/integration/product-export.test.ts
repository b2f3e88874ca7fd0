import { GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireCatalog } from '../../lib/data/catalog/catalog-repository';
import { exportFileKey } from '../../lib/data/exports/export-files';
import { takeExportLease } from '../../lib/data/exports/export-leases';
import { exportsBucket, s3 } from '../../lib/data/objects/s3-client';
import type { Catalog } from '../../lib/domain/catalog/catalog';
import { StillGenerating } from '../../lib/domain/errors';
import { exportProducts } from '../../lib/use-cases/exports/export-products';
import { privateDemoShop } from '../support/shops';

/**
 * The export's generation lease on DynamoDB Local and the embedded S3 server: a request waits for
 * a generation another one holds (bounded: StillGenerating, 503), takes over a lease whose
 * generation died, and a failed generation gives its lease back at once.
 */

const QUICK = { waitMs: 400, leaseMs: 60_000, pollMs: 50 };

/** What the use case threw (fails the test when it did not). */
async function thrown(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.unreachable('expected the export to throw'),
    (error: unknown) => error,
  );
}

let catalog: Catalog;
beforeAll(async () => {
  catalog = await requireCatalog(await privateDemoShop('export-lease'));
});

describe('export generation lease', () => {
  it('answers StillGenerating (503, Retry-After) while another generation holds the lease, and writes nothing', async () => {
    // Prepare: another request took the lease and is still generating.
    const of = { shopId: catalog.shopId, version: catalog.version, locale: 'de_DE' };
    await takeExportLease(of, Date.now(), 30_000);

    // Act
    const started = Date.now();
    const error = await thrown(exportProducts(catalog, 'de_DE', QUICK));

    // Assess
    expect(error).toBeInstanceOf(StillGenerating);
    expect((error as StillGenerating).retryAfterSeconds).toBe(10);
    expect(Date.now() - started).toBeGreaterThanOrEqual(QUICK.waitMs);
    expect(Date.now() - started).toBeLessThan(QUICK.waitMs + 2000);
    await expect(
      s3().send(new GetObjectCommand({ Bucket: exportsBucket(), Key: exportFileKey(of) })),
    ).rejects.toThrow();
  });

  it('takes over the lease of a generation that died once it runs out, and generates the file', async () => {
    // Prepare: a generation took a short lease and never finished.
    const own = await requireCatalog(await privateDemoShop('export-dead'));
    await takeExportLease({ shopId: own.shopId, version: own.version, locale: 'en_GB' }, Date.now(), 300);

    // Act
    const answer = await exportProducts(own, 'en_GB', { ...QUICK, waitMs: 5000 });

    // Assess
    expect(answer.generated).toEqual({ records: own.products.size + 1, generation: 2 });
    expect((await fetch(answer.url)).headers.get('x-amz-meta-generation')).toBe('2');
  });

  it('gives the lease back when its generation fails, so the next request generates at once', async () => {
    // Prepare: a catalog whose products cannot be read.
    const own = await requireCatalog(await privateDemoShop('export-fail'));
    const broken: Catalog = {
      ...own,
      products: {
        get: (id: string) => own.products.get(id),
        values: () => {
          throw new Error('products unreadable');
        },
      } as unknown as Catalog['products'],
    };

    // Act
    const failure = await thrown(exportProducts(broken, 'en_GB', QUICK));
    const answer = await exportProducts(own, 'en_GB', QUICK);

    // Assess
    expect((failure as Error).message).toBe('products unreadable');
    expect(answer.generated?.generation).toBe(2);
  });

  it('hands the file out again without generating while it exists', async () => {
    // Prepare
    const own = await requireCatalog(await privateDemoShop('export-again'));
    const first = await exportProducts(own, 'en_GB', QUICK);

    // Act
    const again = await exportProducts(own, 'en_GB', QUICK);

    // Assess
    expect(first.generated?.generation).toBe(1);
    expect(again.generated).toBeUndefined();
    expect(new URL(again.url).pathname).toBe(new URL(first.url).pathname);
  });
});
