import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { productObjectsPrefix } from '../../lib/data/images/media-objects';
import { mediaBucket, s3 } from '../../lib/data/objects/s3-client';
import { call, tokenFor } from '../support/api';
import { busEvents, waitForBusEvents } from '../support/bus-events';
import { icoWithBmp, icoWithPng, multipart, picture, postSlideshow, uploadImage } from '../support/images';
import { privateDemoShop } from '../support/shops';

/** Product images (docs/catalog.md "Images (slideshow)") over real HTTP, stored in the twin's S3 server. */

const CLASSIFIERS = ['Thumbnail', 'Small', 'HotDeal', 'Medium', 'Large'];
const SUFFIXES = ['_xs', '_s', '_h', '_m', ''];

interface Size {
  classifier: string;
  url: string;
  width: number;
  height: number;
  fileSize: number;
  isZoomEnabled: boolean;
}

const slideshow = (shop: string, productId: string, rest = '', init: Parameters<typeof call>[1] = {}) =>
  call(`/${shop}/products/${productId}/slideshow${rest}`, init);

/** What the twin's S3 server holds under the product's prefix. */
async function storedKeys(shop: string, productId: string): Promise<string[]> {
  const answer = await s3().send(
    new ListObjectsV2Command({ Bucket: mediaBucket(), Prefix: productObjectsPrefix(shop, productId) }),
  );
  return (answer.Contents ?? []).map((o) => o.Key as string).sort();
}

/** Fetches every size from its URL (no token) and checks its bytes against what the API said. */
async function expectServed(sizes: Size[], format: 'png' | 'jpeg' | 'gif'): Promise<void> {
  for (const size of sizes) {
    const response = await fetch(size.url);
    const bytes = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(response.status, size.url).toBe(200);
    expect(response.headers.get('content-type')).toBe(`image/${format}`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect({ format: meta.format, width: meta.width, height: meta.height, fileSize: bytes.length }).toEqual({
      format,
      width: size.width,
      height: size.height,
      fileSize: size.fileSize,
    });
  }
}

let shop: string;
beforeAll(async () => {
  shop = await privateDemoShop('slideshow');
});

describe('uploading an image', { timeout: 60_000 }, () => {
  it('answers 201 with five real sizes of a PNG, served at their public URLs, and makes it the main image', async () => {
    // Prepare
    const png = await picture('png', 1200, 800);

    // Act
    const upload = await uploadImage(shop, 'rain-jacket', 'C:\\photos\\Front View.PNG', png);
    const product = await call(`/${shop}/products/rain-jacket`);

    // Assess
    expect(upload.status).toBe(201);
    expect(upload.body.name).toBe('Front View.PNG');
    const sizes: Size[] = upload.body.sizes;
    expect(sizes.map((s) => s.classifier)).toEqual(CLASSIFIERS);
    expect(sizes.map((s) => [s.width, s.height])).toEqual([
      [100, 67],
      [200, 133],
      [300, 200],
      [500, 333],
      [1000, 667],
    ]);
    expect(sizes.map((s) => s.isZoomEnabled)).toEqual([false, false, false, false, true]);
    const urlOf = (suffix: string) =>
      new RegExp(
        `^http://127\\.0\\.0\\.1:\\d+/.+/${shop}/products/rain-jacket/[0-9a-z]{26}/Front-View${suffix}\\.png$`,
      );
    expect(sizes.map((s) => s.url)).toEqual(SUFFIXES.map((suffix) => expect.stringMatching(urlOf(suffix))));
    await expectServed(sizes, 'png');
    expect(product.body.images).toEqual(sizes);
    expect(product.body.productImage).toBe('Front View.PNG');
  });

  it('keeps a JPEG a JPEG and never enlarges a small one', async () => {
    // Act
    const upload = await uploadImage(shop, 'trail-tshirt', 'small.jpeg', await picture('jpeg', 150, 120));

    // Assess
    expect(upload.status).toBe(201);
    expect(upload.body.sizes.map((s: Size) => [s.width, s.height])).toEqual([
      [100, 80],
      [150, 120],
      [150, 120],
      [150, 120],
      [150, 120],
    ]);
    expect(upload.body.sizes[4].url).toMatch(/\/small\.jpeg$/);
    await expectServed(upload.body.sizes, 'jpeg');
  });

  it('keeps a GIF a GIF', async () => {
    const upload = await uploadImage(shop, 'trail-tshirt', 'wave.gif', await picture('gif', 400, 300));

    expect(upload.status).toBe(201);
    expect(upload.body.sizes.map((s: Size) => s.width)).toEqual([100, 200, 300, 400, 400]);
    expect(upload.body.sizes[0].url).toMatch(/\/wave_xs\.gif$/);
    await expectServed(upload.body.sizes, 'gif');
  });

  it('gives an ICO (PNG inside or a classic bitmap) PNG sizes', async () => {
    // Act
    const pngIcon = await uploadImage(
      shop,
      'trail-tshirt',
      'favicon.ico',
      icoWithPng(await picture('png', 64, 64), 64, 64),
    );
    const bmpIcon = await uploadImage(shop, 'trail-tshirt', 'old.ICO', icoWithBmp(32, 32, [255, 0, 0, 255]));

    // Assess
    expect([pngIcon.status, bmpIcon.status]).toEqual([201, 201]);
    expect(pngIcon.body.sizes.map((s: Size) => s.width)).toEqual([64, 64, 64, 64, 64]);
    expect(bmpIcon.body.sizes[4].url).toMatch(/\/old\.png$/);
    await expectServed(pngIcon.body.sizes, 'png');
    await expectServed(bmpIcon.body.sizes, 'png');
    const { data } = await sharp(Buffer.from(await (await fetch(bmpIcon.body.sizes[0].url)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  });

  it('takes a 3 MB image (the body limit is 4 MB on this route only)', async () => {
    // Prepare: noise barely compresses
    const big = await picture('png', 1100, 960, 60);
    expect(big.length).toBeGreaterThan(3_000_000);
    expect(big.length).toBeLessThan(4_000_000);

    // Act
    const upload = await uploadImage(shop, 'trail-tshirt', 'big.png', big);

    // Assess
    expect(upload.status).toBe(201);
    expect(upload.body.sizes[4]).toMatchObject({ width: 1000, height: 873 });
  });
});

describe('refused uploads store nothing', { timeout: 60_000 }, () => {
  const productId = 'socks-pair-pack';

  it.each([
    [
      '415 for another content type',
      415,
      async () => postSlideshow(shop, productId, Buffer.from('{}'), 'application/json'),
    ],
    ['400 without a content type', 400, async () => postSlideshow(shop, productId, multipart([]), undefined)],
    ['400 for an empty body', 400, async () => postSlideshow(shop, productId, Buffer.alloc(0))],
    [
      '400 without the image part',
      400,
      async () =>
        postSlideshow(
          shop,
          productId,
          multipart([{ name: 'photo', filename: 'a.png', bytes: await picture('png', 10, 10) }]),
        ),
    ],
    [
      '400 for an image part without a file name',
      400,
      async () =>
        postSlideshow(shop, productId, multipart([{ name: 'image', bytes: await picture('png', 10, 10) }])),
    ],
    [
      '400 for a file name of another type',
      400,
      async () =>
        uploadImage(
          shop,
          productId,
          'a.webp',
          await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
            .webp()
            .toBuffer(),
        ),
    ],
    [
      '400 for a name that is only an extension',
      400,
      async () => uploadImage(shop, productId, '.png', await picture('png', 10, 10)),
    ],
    [
      '400 for bytes that are not an image',
      400,
      async () => uploadImage(shop, productId, 'a.png', Buffer.from('definitely not a picture')),
    ],
    [
      '400 for a truncated image',
      400,
      async () => uploadImage(shop, productId, 'a.jpg', (await picture('jpeg', 300, 300)).subarray(0, 400)),
    ],
    ['400 for an empty file', 400, async () => uploadImage(shop, productId, 'a.png', Buffer.alloc(0))],
    [
      '400 for broken multipart framing',
      400,
      async () =>
        postSlideshow(
          shop,
          productId,
          multipart([{ name: 'image', filename: 'a.png', bytes: Buffer.from('x') }]).subarray(0, 60),
        ),
    ],
    [
      '400 for a multipart type without a boundary',
      400,
      async () => postSlideshow(shop, productId, multipart([]), 'multipart/form-data'),
    ],
    [
      '413 for a body over 4,194,304 bytes',
      413,
      async () => uploadImage(shop, productId, 'huge.png', Buffer.alloc(4 * 1024 * 1024)),
    ],
  ])('%s', async (_, status, send) => {
    // Act
    const answer = await send();
    const listed = await slideshow(shop, productId);

    // Assess
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ status: String(status), message: expect.any(String) });
    if (status === 400) expect(answer.body.errors.length).toBeGreaterThan(0);
    expect(listed.body).toEqual({ items: [] });
    expect(await storedKeys(shop, productId)).toEqual([]);
  });

  it('names the image part in the 400', async () => {
    const answer = await uploadImage(shop, productId, 'a.bmp', await picture('png', 10, 10));

    expect(answer.body.errors).toEqual([{ field: 'image', message: expect.stringContaining('.png') }]);
  });

  it('answers 409 for a name the product already uses, keeping the first image', async () => {
    // Prepare
    const first = await uploadImage(shop, 'vacuum-flask', 'bottle.png', await picture('png', 50, 50));
    const before = await storedKeys(shop, 'vacuum-flask');

    // Act
    const again = await uploadImage(shop, 'vacuum-flask', 'bottle.png', await picture('png', 60, 60));

    // Assess
    expect(first.status).toBe(201);
    expect(again.status).toBe(409);
    expect(await storedKeys(shop, 'vacuum-flask')).toEqual(before);
    expect((await slideshow(shop, 'vacuum-flask')).body.items).toEqual([
      { name: 'bottle.png', images: first.body.sizes, sizes: first.body.sizes },
    ]);
  });

  it('answers 404 for an unknown product on every slideshow call, and 403 without products_write', async () => {
    // Act
    const answers = await Promise.all([
      uploadImage(shop, 'no-such-product', 'a.png', await picture('png', 10, 10)),
      slideshow(shop, 'no-such-product'),
      slideshow(shop, 'no-such-product', '/sequence'),
      slideshow(shop, 'no-such-product', '/sequence', { method: 'PUT', body: [] }),
      slideshow(shop, 'no-such-product', '/a.png', { method: 'DELETE' }),
      slideshow(shop, 'socks-pair-pack', '/a.png', { method: 'DELETE' }),
    ]);
    const readOnly = await postSlideshow(
      shop,
      'socks-pair-pack',
      multipart([]),
      undefined,
      tokenFor(shop, ['products_read']),
    );

    // Assess
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(readOnly.status).toBe(403);
    expect(await storedKeys(shop, 'no-such-product')).toEqual([]);
  });
});

describe('the sequence, the main image and deleting', { timeout: 60_000 }, () => {
  it('lists in sequence order, reorders, promotes the first remaining image when the main one goes', async () => {
    // Prepare
    const productId = 'rain-jacket-black-m';
    const names = ['one.png', 'two photo.jpg', 'three.gif'];
    const uploads = [];
    for (const [i, name] of names.entries())
      uploads.push(
        await uploadImage(
          shop,
          productId,
          name,
          await picture(i === 1 ? 'jpeg' : i === 2 ? 'gif' : 'png', 80 + i, 60),
        ),
      );

    // Act
    const sequence = await slideshow(shop, productId, '/sequence');
    const reordered = await slideshow(shop, productId, '/sequence', {
      method: 'PUT',
      body: ['three.gif', 'two photo.jpg', 'one.png'],
    });
    const listed = await slideshow(shop, productId);
    const stillMain = await call(`/${shop}/products/${productId}`);
    const deleted = await slideshow(shop, productId, `/${encodeURIComponent('one.png')}`, {
      method: 'DELETE',
    });
    const promoted = await call(`/${shop}/products/${productId}`);
    const oldUrl = await fetch(uploads[0]?.body.sizes[0].url);
    const deletedSpace = await slideshow(shop, productId, `/${encodeURIComponent('two photo.jpg')}`, {
      method: 'DELETE',
    });
    const deletedLast = await slideshow(shop, productId, '/three.gif', { method: 'DELETE' });
    const empty = await call(`/${shop}/products/${productId}`);

    // Assess
    expect(uploads.map((u) => u.status)).toEqual([201, 201, 201]);
    expect(sequence.body).toEqual(names);
    expect(reordered.status).toBe(200);
    expect(reordered.body).toEqual(['three.gif', 'two photo.jpg', 'one.png']);
    expect(listed.body.items.map((i: { name: string }) => i.name)).toEqual(reordered.body);
    expect(listed.body.items[0].images).toEqual(uploads[2]?.body.sizes);
    expect(stillMain.body.productImage).toBe('one.png');
    expect(stillMain.body.images).toEqual(uploads[0]?.body.sizes);
    expect(deleted.status).toBe(204);
    expect(promoted.body.productImage).toBe('three.gif');
    expect(promoted.body.images).toEqual(uploads[2]?.body.sizes);
    expect(oldUrl.status).toBe(404);
    expect([deletedSpace.status, deletedLast.status]).toEqual([204, 204]);
    expect(empty.body.images).toEqual([]);
    expect(empty.body.productImage).toBeNull();
    expect(await storedKeys(shop, productId)).toEqual([]);
  });

  it('picks another main image by PATCH /productImage, and takes the images out of storage when the product goes', async () => {
    // Prepare: a product of its own, with two images
    const created = await call(`/${shop}/products`, {
      method: 'POST',
      body: { name: 'Slideshow mug', price: 9 },
    });
    const productId = created.body.productId as string;
    const first = await uploadImage(shop, productId, 'front.png', await picture('png', 90, 60));
    const second = await uploadImage(shop, productId, 'back.png', await picture('png', 60, 90));

    // Act
    const patched = await call(`/${shop}/products/${productId}`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/productImage', value: 'back.png' }],
    });
    const updated = await waitForBusEvents(
      (e) =>
        e.detailType === 'ProductUpdated' &&
        e.detail.productId === productId &&
        (e.detail.changedFields as string[]).includes('/productImage'),
    );
    const uploads = busEvents(
      (e) =>
        e.detailType === 'ProductUpdated' &&
        e.detail.productId === productId &&
        (e.detail.changedFields as string[]).includes('/slideshow'),
    );
    const stored = await storedKeys(shop, productId);
    const deleted = await call(`/${shop}/products/${productId}`, { method: 'DELETE' });
    const served = await fetch(first.body.sizes[0].url);

    // Assert
    expect([created.status, first.status, second.status]).toEqual([201, 201, 201]);
    expect(patched.status).toBe(200);
    expect(patched.body.productImage).toBe('back.png');
    expect(patched.body.images).toEqual(second.body.sizes);
    expect(updated).toHaveLength(1);
    expect(uploads.length).toBeGreaterThanOrEqual(1);
    expect(stored.length).toBeGreaterThan(0);
    expect(deleted.status).toBe(204);
    expect(served.status).toBe(404);
    expect(await storedKeys(shop, productId)).toEqual([]);
  });

  it('refuses a sequence that is not exactly the product images, each once (400, nothing changes)', async () => {
    // Prepare
    const productId = 'rain-jacket-black-l';
    for (const name of ['a.png', 'b.png'])
      await uploadImage(shop, productId, name, await picture('png', 20, 20));
    const put = (body: unknown) => slideshow(shop, productId, '/sequence', { method: 'PUT', body });

    // Act
    const answers = await Promise.all([
      put({ names: ['a.png'] }),
      put('a.png'),
      put(['a.png']),
      put(['a.png', 'b.png', 'c.png']),
      put(['a.png', 'a.png']),
      put(['b.png', 'a.png', 'a.png']),
    ]);
    const after = await slideshow(shop, productId, '/sequence');

    // Assess
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers[3]?.body.errors).toEqual([{ field: '[2]', message: expect.stringContaining('c.png') }]);
    expect(answers[4]?.body.errors).toEqual([
      { field: '[1]', message: expect.stringContaining('twice') },
      { field: 'body', message: expect.stringContaining('b.png') },
    ]);
    expect(after.body).toEqual(['a.png', 'b.png']);
  });

  it('gives an image uploaded again under its name a new URL', async () => {
    // Prepare
    const productId = 'rain-jacket-orange-xl';
    const first = await uploadImage(shop, productId, 'same.png', await picture('png', 30, 30));
    await slideshow(shop, productId, '/same.png', { method: 'DELETE' });

    // Act
    const second = await uploadImage(shop, productId, 'same.png', await picture('png', 40, 40));

    // Assess
    expect(second.status).toBe(201);
    expect(second.body.sizes[4].url).not.toBe(first.body.sizes[4].url);
    expect((await fetch(first.body.sizes[4].url)).status).toBe(404);
    await expectServed(second.body.sizes, 'png');
  });
});
