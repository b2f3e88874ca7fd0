import {
  IMAGE_EXTENSIONS,
  imageNameOf,
  imageNameProblem,
  MAX_IMAGE_NAME_LENGTH,
  MAX_SLIDESHOW_IMAGES,
} from '../domain/catalog/slideshow';
import type { UploadedFile } from '../http/multipart';
import { PathId, ShopId } from './common';
import * as z from './zod';

/** Request schemas of the product slideshow (docs/catalog.md "Images (slideshow)"). */

export const SlideshowImagePath = z.lazy(() =>
  z.object({
    shopId: ShopId,
    productId: PathId,
    imageName: z.string().check(z.minLength(1), z.maxLength(MAX_IMAGE_NAME_LENGTH)),
  }),
);

/** A parsed multipart part as lib/http/multipart.ts makes it (a plain field is null). */
function isFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && typeof (value as UploadedFile).filename === 'string';
}

/**
 * The upload's parts (lib/http/multipart.ts): a file part `image` whose file name ends in one of
 * IMAGE_EXTENSIONS, not empty; other parts are ignored. Whether the bytes are an image is found
 * when they are decoded (lib/data/images/image-sizes.ts).
 */
export const UploadImageBody = z.lazy(() =>
  z.object({
    image: z.custom<UploadedFile>().check(
      z.superRefine((value, ctx) => {
        const problem = !isFile(value)
          ? `a file part named image is required, with a file name ending in ${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(', ')}`
          : (imageNameProblem(imageNameOf(value.filename)) ??
            (value.bytes.length === 0 ? 'the file is empty' : undefined));
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: undefined });
      }),
    ),
  }),
);

/** PUT .../slideshow/sequence: the product's image names, each once, in the new order. */
export const UpdateSlideshowSequenceBody = z.lazy(() =>
  z
    .array(z.string().check(z.minLength(1), z.maxLength(MAX_IMAGE_NAME_LENGTH)))
    .check(z.maxLength(MAX_SLIDESHOW_IMAGES)),
);
