import { describe, expect, it } from 'vitest';
import { readIco } from '../../lib/data/images/ico';
import { boxed } from '../../lib/data/images/image-sizes';
import type { ShopProduct, SlideshowImage } from '../../lib/domain/catalog/catalog-types';
import { withMainImage } from '../../lib/domain/catalog/product-image-patch';
import { productView } from '../../lib/domain/catalog/product-view';
import {
  imageNameOf,
  imageNameProblem,
  productImagesView,
  withImageAdded,
  withImageRemoved,
  withSequence,
} from '../../lib/domain/catalog/slideshow';
import { RefusedInput, StateConflict } from '../../lib/domain/errors';
import { icoWithBmp } from '../support/images';
import { demoCatalog, productOf } from './support/demo-catalog';

const demoProduct = (productId: string) => productOf(demoCatalog(), productId);

/** The slideshow's pure rules (docs/catalog.md "Images (slideshow)") and the PATCH `/productImage` step. */

const image = (name: string): SlideshowImage => ({
  name,
  uploadId: `u-${name}`,
  sizes: [
    {
      url: `https://media.example.net/${name}`,
      classifier: 'Large',
      isZoomEnabled: true,
      width: 10,
      height: 10,
      fileSize: 99,
    },
  ],
  objectKeys: [`k/${name}`],
});

const withImages = (product: ShopProduct, ...names: string[]) =>
  names.reduce((p, name) => withImageAdded(p, image(name)), product);

describe('the slideshow rules', () => {
  const plain = demoProduct('gas-stove');

  it('makes the first image the main one and appends later ones without changing it', () => {
    const product = withImages(plain, 'a.png', 'b.png', 'c.png');

    expect(product.slideshow?.images.map((i) => i.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(product.slideshow?.main).toBe('a.png');
    expect(productImagesView(product)).toEqual({ images: image('a.png').sizes, productImage: 'a.png' });
  });

  it('refuses a name already used (409)', () => {
    expect(() => withImages(plain, 'a.png', 'a.png')).toThrow(StateConflict);
  });

  it('promotes the first remaining image in sequence when the main image is deleted', () => {
    const product = withSequence(withImages(plain, 'a.png', 'b.png', 'c.png'), ['c.png', 'a.png', 'b.png']);

    const removed = withImageRemoved(product, 'a.png');
    const empty = withImageRemoved(withImageRemoved(removed, 'b.png'), 'c.png');

    expect(product.slideshow?.main).toBe('a.png');
    expect(removed.slideshow?.main).toBe('c.png');
    expect(productImagesView(empty)).toEqual({ images: [], productImage: null });
  });

  it('keeps the shop file images of a product that never had an upload', () => {
    expect(productImagesView(plain)).toEqual({
      images: plain.images,
      productImage: plain.images[0]?.url ?? null,
    });
  });

  it('checks names: last path segment, one of the extensions in any case', () => {
    expect(imageNameOf('C:\\a\\b\\Front.PNG')).toBe('Front.PNG');
    expect(imageNameOf('dir/x.gif')).toBe('x.gif');
    expect(['a.png', 'b.JPG', 'c.jpeg', 'd.Gif', 'e.ico'].map(imageNameProblem)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(
      ['a.bmp', '.png', 'png', 'a.png.txt', `${'x'.repeat(200)}.png`].every((n) => imageNameProblem(n)),
    ).toBe(true);
  });

  it('shows the main image in the product view', () => {
    const catalog = demoCatalog();
    const product = withImages(demoProduct('gas-stove'), 'a.png');

    const view = productView(catalog, product, {
      baseUrl: 'https://api.example',
      shopId: 'demo',
      locale: 'en_GB',
      currency: 'EUR',
    });

    expect(view.images).toEqual(image('a.png').sizes);
    expect(view.productImage).toBe('a.png');
  });
});

describe('PATCH /productImage (withMainImage)', () => {
  const product = withImages(demoProduct('gas-stove'), 'a.png', 'b.png');

  it('makes another slideshow image the main one', () => {
    const patched = withMainImage(product, 'b.png', 0);

    expect(productImagesView(patched).productImage).toBe('b.png');
    expect(patched.slideshow?.images).toEqual(product.slideshow?.images);
  });

  it.each([['c.png'], [42], [null]])('refuses %j with 400 on [i].value', (value) => {
    let error: unknown;
    try {
      withMainImage(product, value, 3);
    } catch (thrown) {
      error = thrown;
    }

    expect(error).toBeInstanceOf(RefusedInput);
    expect((error as RefusedInput).errors).toEqual([
      { field: '[3].value', message: expect.stringContaining('a.png') },
    ]);
  });

  it('refuses any name on a product without slideshow images', () => {
    let error: unknown;
    try {
      withMainImage(demoProduct('gas-stove'), 'a.png', 0);
    } catch (thrown) {
      error = thrown;
    }

    expect((error as RefusedInput).errors?.[0]?.message).toMatch(/upload one first/);
  });
});

describe('sizes and ICO files', () => {
  it('fits a box, keeps the aspect ratio and never enlarges', () => {
    expect(boxed({ width: 1200, height: 800 }, 500)).toEqual({ width: 500, height: 333 });
    expect(boxed({ width: 800, height: 1200 }, 100)).toEqual({ width: 67, height: 100 });
    expect(boxed({ width: 150, height: 120 }, 1000)).toEqual({ width: 150, height: 120 });
    expect(boxed({ width: 5000, height: 2 }, 100)).toEqual({ width: 100, height: 1 });
  });

  it('reads a 32-bit bitmap ICO into RGBA pixels, and refuses a truncated one', () => {
    const ico = icoWithBmp(2, 2, [10, 20, 30, 255]);

    const read = readIco(ico);

    expect(read).toMatchObject({ kind: 'rgba', width: 2, height: 2 });
    expect([...(read?.kind === 'rgba' ? read.pixels : [])]).toEqual([
      10, 20, 30, 255, 10, 20, 30, 255, 10, 20, 30, 255, 10, 20, 30, 255,
    ]);
    expect(readIco(ico.subarray(0, 30))).toBeUndefined();
  });
});
