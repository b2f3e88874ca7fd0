import { NotFoundError, RefusedInput, StateConflict } from '../errors';
import type { ProductSlideshow, ShopImage, ShopProduct, SlideshowImage } from './catalog-types';

/**
 * The rules of a product's slideshow (docs/catalog.md "Images (slideshow)"): image names, the order,
 * the main image. Pure: the sizes are made (lib/data/images/image-sizes.ts) and stored
 * (lib/data/images/media-objects.ts) elsewhere; these functions only compute the product's new state.
 */

/** The extensions an upload's file name may end in (any case). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'ico'] as const;

/** At most this many images per product (the product is one catalog item; each image costs ~1 KB of it). */
export const MAX_SLIDESHOW_IMAGES = 100;

/** The longest image name (a file name: one path segment). */
export const MAX_IMAGE_NAME_LENGTH = 200;

/** The five sizes of every image: classifier, box (px) and URL suffix. */
export const IMAGE_SIZES = [
  { classifier: 'Thumbnail', box: 100, suffix: '_xs' },
  { classifier: 'Small', box: 200, suffix: '_s' },
  { classifier: 'HotDeal', box: 300, suffix: '_h' },
  { classifier: 'Medium', box: 500, suffix: '_m' },
  { classifier: 'Large', box: 1000, suffix: '' },
] as const satisfies readonly { classifier: ShopImage['classifier']; box: number; suffix: string }[];

/** The image name of an uploaded file name: its last path segment (browsers may send a whole path). */
export function imageNameOf(filename: string): string {
  return filename.split(/[/\\]/).pop() ?? '';
}

/** What is wrong with an image name, or undefined. */
export function imageNameProblem(name: string): string | undefined {
  if (name.length > MAX_IMAGE_NAME_LENGTH)
    return `the file name must be at most ${MAX_IMAGE_NAME_LENGTH} characters`;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension))
    return `the file name must end in ${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(', ')} (any case) after a name`;
  return undefined;
}

/** The slideshow as stored, or an empty one for a product that never had an upload. */
export function slideshowOf(product: ShopProduct): ProductSlideshow {
  return product.slideshow ?? { images: [], main: null };
}

/** The image of that name, or 404. */
export function requireSlideshowImage(product: ShopProduct, name: string): SlideshowImage {
  const image = slideshowOf(product).images.find((i) => i.name === name);
  if (!image) throw new NotFoundError('Image');
  return image;
}

/** 409 when the product already has an image of that name or is full; checked before and at the write. */
export function assertImageFits(product: ShopProduct, name: string): void {
  const { images } = slideshowOf(product);
  if (images.some((i) => i.name === name))
    throw new StateConflict('The product already has an image of this name; delete it first', [
      { field: 'image', message: `an image named ${name} exists` },
    ]);
  if (images.length >= MAX_SLIDESHOW_IMAGES)
    throw new StateConflict(`A product has at most ${MAX_SLIDESHOW_IMAGES} images`, [
      { field: 'image', message: `the slideshow holds ${MAX_SLIDESHOW_IMAGES} images` },
    ]);
}

/**
 * The product with a new image at the end of its sequence; the first image of a product without a
 * main image becomes the main one.
 */
export function withImageAdded(product: ShopProduct, image: SlideshowImage): ShopProduct {
  assertImageFits(product, image.name);
  const { images, main } = slideshowOf(product);
  return { ...product, slideshow: { images: [...images, image], main: main ?? image.name } };
}

/**
 * The product without the named image (404 when it has none); deleting the main image makes the
 * first remaining image of the sequence the main one (none left: no main image).
 */
export function withImageRemoved(product: ShopProduct, name: string): ShopProduct {
  requireSlideshowImage(product, name);
  const { images, main } = slideshowOf(product);
  const rest = images.filter((i) => i.name !== name);
  return {
    ...product,
    slideshow: { images: rest, main: main === name ? (rest[0]?.name ?? null) : main },
  };
}

/** The image names in display order (GET .../slideshow/sequence). */
export function slideshowSequence(product: ShopProduct): string[] {
  return slideshowOf(product).images.map((i) => i.name);
}

/**
 * The product with its images in the given order: the list must name exactly the product's images,
 * each once (400 naming the entry otherwise). The main image stays the main image.
 */
export function withSequence(product: ShopProduct, names: readonly string[]): ShopProduct {
  const { images, main } = slideshowOf(product);
  const byName = new Map(images.map((i) => [i.name, i]));
  const errors: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (!byName.has(name)) errors.push({ field: `[${i}]`, message: `the product has no image ${name}` });
    else if (seen.has(name)) errors.push({ field: `[${i}]`, message: `${name} is named twice` });
    seen.add(name);
  });
  const missing = images.filter((i) => !seen.has(i.name)).map((i) => i.name);
  if (missing.length > 0) errors.push({ field: 'body', message: `the sequence lacks ${missing.join(', ')}` });
  if (errors.length > 0)
    throw new RefusedInput('The sequence must name every image of the product exactly once', errors);
  return { ...product, slideshow: { images: names.map((n) => byName.get(n) as SlideshowImage), main } };
}

/** One slideshow item as the API shows it (the upload answer and GET .../slideshow). */
export function slideshowItemView(image: SlideshowImage): {
  name: string;
  images: ShopImage[];
  sizes: ShopImage[];
} {
  return { name: image.name, images: image.sizes, sizes: image.sizes };
}

/**
 * A product's `images` and `productImage` as its views show them: from the slideshow once the product
 * has one (the main image's sizes and name; `[]` and null without images), else the shop file's
 * images as imported.
 */
export function productImagesView(product: ShopProduct): {
  images: ShopImage[];
  productImage: string | null;
} {
  const slideshow = product.slideshow;
  if (!slideshow) return { images: product.images, productImage: product.images[0]?.url ?? null };
  const main = slideshow.images.find((i) => i.name === slideshow.main);
  return { images: main?.sizes ?? [], productImage: main?.name ?? null };
}
