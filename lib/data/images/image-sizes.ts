import sharp, { type Metadata, type Sharp } from 'sharp';
import type { ShopImage } from '../../domain/catalog/catalog-types';
import { IMAGE_SIZES } from '../../domain/catalog/slideshow';
import { RefusedInput } from '../../domain/errors';
import { looksLikeIco, readIco } from './ico';

/**
 * The five sizes of an uploaded image, made with sharp (libvips): each scaled to fit its box, aspect
 * ratio kept, never enlarged, in the upload's format (ICO: PNG). Only the upload function imports
 * this module, so sharp's native library and its load time stay out of every other bundle
 * (infra/constructs/bundling-options.ts).
 */

// A Lambda instance serves one request at a time: libvips' operation cache would only hold memory.
sharp.cache(false);

/** Larger pictures are refused before decoding (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

/** The formats kept; an ICO is read by lib/data/images/ico.ts and sized as PNG. */
export type SourceFormat = 'png' | 'jpeg' | 'gif' | 'ico';
export type SizeFormat = 'png' | 'jpeg' | 'gif';

/** One made size: the Image fields but the URL, and its bytes. */
export interface MadeSize extends Omit<ShopImage, 'url'> {
  suffix: string;
  bytes: Buffer;
}

export interface MadeSizes {
  source: SourceFormat;
  format: SizeFormat;
  sizes: MadeSize[];
}

const CONTENT_TYPES: Record<SourceFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  ico: 'image/x-icon',
};

/** The Content-Type of a stored object of that format. */
export function contentTypeOf(format: SourceFormat): string {
  return CONTENT_TYPES[format];
}

function notAnImage(): RefusedInput {
  return new RefusedInput('Invalid request', [
    { field: 'image', message: 'must be a PNG, JPEG, GIF or ICO image that can be decoded' },
  ]);
}

/** Decodes the upload (400 when it is no PNG, JPEG, GIF or ICO image) and makes its five sizes. */
export async function makeImageSizes(bytes: Buffer): Promise<MadeSizes> {
  if (looksLikeIco(bytes)) {
    const ico = readIco(bytes);
    if (!ico) throw notAnImage();
    const input = () =>
      ico.kind === 'png'
        ? sharp(ico.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        : sharp(ico.pixels, { raw: { width: ico.width, height: ico.height, channels: 4 } });
    return {
      source: 'ico',
      format: 'png',
      sizes: await decoded(stillSizes(input, 'png', ico.kind === 'rgba' ? ico : await uprightSize(input))),
    };
  }
  const meta = await uprightMeta(() => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }));
  const format = meta.format;
  if (format !== 'png' && format !== 'jpeg' && format !== 'gif') throw notAnImage();
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: format === 'gif' });
  const sizes =
    format === 'gif' && (meta.pages ?? 1) > 1
      ? animatedSizes(input)
      : stillSizes(input, format, meta.autoOrient ?? { width: meta.width, height: meta.height });
  return { source: format, format, sizes: await decoded(sizes) };
}

/**
 * The sizes, or 400 when sharp cannot decode the pixels (a truncated or corrupt file whose header
 * read fine): the upload's bytes are the pipeline's only input.
 */
async function decoded(sizes: Promise<MadeSize[]>): Promise<MadeSize[]> {
  try {
    return await sizes;
  } catch {
    throw notAnImage();
  }
}

/**
 * A still image: decoded once into pixels at most Large's box (upright by its EXIF orientation),
 * each size scaled down from those and encoded; one decode of a 3 MB upload instead of five. Each
 * size's dimensions are worked out from the upload's own (boxed), so rounding never drifts.
 */
async function stillSizes(
  input: () => Sharp,
  format: SizeFormat,
  upright: { width: number; height: number },
): Promise<MadeSize[]> {
  const largest = IMAGE_SIZES[IMAGE_SIZES.length - 1]?.box ?? 1000;
  const { data, info } = await input()
    .autoOrient()
    .resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    IMAGE_SIZES.map(async (size) => {
      const out = await sharp(data, { raw })
        .resize({ ...boxed(upright, size.box), fit: 'fill' })
        .toFormat(format)
        .toBuffer({ resolveWithObject: true });
      return made(size, out.info.width, out.info.height, out.data);
    }),
  );
}

/** Dimensions scaled to fit the box, aspect ratio kept, never enlarged (at least 1 px). */
export function boxed(
  image: { width: number; height: number },
  box: number,
): { width: number; height: number } {
  const scale = Math.min(1, box / image.width, box / image.height);
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/** An animated GIF: every frame scaled, each size from the upload itself. */
async function animatedSizes(input: () => Sharp): Promise<MadeSize[]> {
  return Promise.all(
    IMAGE_SIZES.map(async (size) => {
      const out = await input()
        .resize(size.box, size.box, { fit: 'inside', withoutEnlargement: true })
        .gif()
        .toBuffer({ resolveWithObject: true });
      return made(size, out.info.width, out.info.pageHeight ?? out.info.height, out.data);
    }),
  );
}

/** An image's header (400 when it cannot be read). */
async function uprightMeta(image: () => Sharp): Promise<Metadata> {
  try {
    return await image().metadata();
  } catch {
    throw notAnImage();
  }
}

/** An image's upright dimensions (EXIF orientation applied). */
async function uprightSize(image: () => Sharp): Promise<{ width: number; height: number }> {
  const meta = await uprightMeta(image);
  return meta.autoOrient ?? { width: meta.width, height: meta.height };
}

function made(size: (typeof IMAGE_SIZES)[number], width: number, height: number, bytes: Buffer): MadeSize {
  return {
    classifier: size.classifier,
    isZoomEnabled: size.classifier === 'Large',
    width,
    height,
    fileSize: bytes.length,
    suffix: size.suffix,
    bytes,
  };
}
