import { requireCatalog } from '../../data/catalog/catalog-repository';
import { updateProduct } from '../../data/catalog/product-writes';
import { newId } from '../../data/ids';
import { contentTypeOf, makeImageSizes } from '../../data/images/image-sizes';
import {
  deleteMediaObjects,
  keySafe,
  type MediaObject,
  objectUrl,
  originalKey,
  putMediaObjects,
  uploadPrefix,
} from '../../data/images/media-objects';
import type { SlideshowImage } from '../../domain/catalog/catalog-types';
import { assertImageFits, withImageAdded } from '../../domain/catalog/slideshow';
import { NotFoundError } from '../../domain/errors';
import { log } from '../../log';
import { SLIDESHOW_CHANGED } from './slideshow-changes';

/**
 * POST /products/{p}/slideshow (docs/catalog.md "Images (slideshow)"): the five sizes are made, the
 * original and the sizes stored in the media bucket, then the image is added to the product through
 * the catalog's optimistic write (every instance sees it by the change log). Objects first, catalog
 * second: when the catalog write fails (a lost race for the name, the product deleted meanwhile),
 * the objects just stored are removed again, so a refused upload leaves nothing behind.
 */
export async function uploadSlideshowImage(input: {
  shopId: string;
  productId: string;
  name: string;
  bytes: Buffer;
}): Promise<SlideshowImage> {
  const { shopId, productId, name } = input;
  // 404 and 409 before the resizing work (checked again at the write).
  const product = (await requireCatalog(shopId)).products.get(productId);
  if (!product) throw new NotFoundError('Product');
  assertImageFits(product, name);
  const made = await makeImageSizes(input.bytes);
  const uploadId = newId().toLowerCase();
  const prefix = uploadPrefix(shopId, productId, uploadId);
  const dot = name.lastIndexOf('.');
  const base = keySafe(name.slice(0, dot));
  const ext = sizeExtension(name.slice(dot + 1).toLowerCase(), made.format);
  const sizeObjects: MediaObject[] = made.sizes.map((size) => ({
    key: `${prefix}${base}${size.suffix}.${ext}`,
    bytes: size.bytes,
    contentType: contentTypeOf(made.format),
  }));
  const objects: MediaObject[] = [
    {
      key: originalKey(prefix, name),
      bytes: input.bytes,
      contentType: contentTypeOf(made.source),
    },
    ...sizeObjects,
  ];
  const image: SlideshowImage = {
    name,
    uploadId,
    sizes: made.sizes.map(({ suffix: _, bytes: __, ...size }, i) => ({
      url: objectUrl((sizeObjects[i] as MediaObject).key),
      ...size,
    })),
    objectKeys: objects.map((o) => o.key),
  };
  try {
    await putMediaObjects(objects);
    await updateProduct(shopId, productId, (_, current) => withImageAdded(current, image), SLIDESHOW_CHANGED);
  } catch (error) {
    await deleteMediaObjects(image.objectKeys).catch((cleanup: unknown) =>
      log.warn('removing the objects of a failed upload failed: they stay as garbage', {
        keys: image.objectKeys,
        error: String(cleanup),
      }),
    );
    throw error;
  }
  return image;
}

/** The sizes' extension: the upload's own when it names their format (jpg or jpeg), else the format's. */
function sizeExtension(uploaded: string, format: 'png' | 'jpeg' | 'gif'): string {
  if (format === 'jpeg') return uploaded === 'jpeg' || uploaded === 'jpg' ? uploaded : 'jpg';
  return format;
}
