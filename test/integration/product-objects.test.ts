import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/data/ids';
import {
  deleteProductObjects,
  objectUrl,
  productObjectsPrefix,
  putMediaObjects,
  uploadPrefix,
} from '../../lib/data/images/media-objects';
import { mediaBucket, s3 } from '../../lib/data/objects/s3-client';
import { useLocalTable } from '../support/local-env';

beforeAll(() => useLocalTable());

const keysUnder = async (prefix: string) =>
  ((await s3().send(new ListObjectsV2Command({ Bucket: mediaBucket(), Prefix: prefix }))).Contents ?? [])
    .map((o) => o.Key)
    .sort();

describe('deleteProductObjects (for the product DELETE)', () => {
  it("deletes every object of the product's uploads and nothing of a product whose id starts alike", async () => {
    // Prepare: two uploads of product a/b (a slash in the id), one of product a
    const shop = `objects-${newId().toLowerCase()}`;
    const object = (key: string) => ({ key, bytes: Buffer.from(key), contentType: 'image/png' });
    const first = uploadPrefix(shop, 'a/b', 'u1');
    const second = uploadPrefix(shop, 'a/b', 'u2');
    const other = uploadPrefix(shop, 'a', 'u3');
    await putMediaObjects([
      object(`${first}x.png`),
      object(`${first}x_xs.png`),
      object(`${second}original/y.png`),
      object(`${other}z.png`),
    ]);

    // Act
    const deleted = await deleteProductObjects(shop, 'a/b');
    const again = await deleteProductObjects(shop, 'a/b');

    // Assess
    expect(deleted).toBe(3);
    expect(again).toBe(0);
    expect(await keysUnder(productObjectsPrefix(shop, 'a/b'))).toEqual([]);
    expect(await keysUnder(productObjectsPrefix(shop, 'a'))).toEqual([`${other}z.png`]);
    expect((await fetch(objectUrl(`${first}x.png`))).status).toBe(404);
    expect((await fetch(objectUrl(`${other}z.png`))).status).toBe(200);
  });
});
