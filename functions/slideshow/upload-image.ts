import { imageNameOf, slideshowItemView } from '../../lib/domain/catalog/slideshow';
import { endpoint } from '../../lib/http/endpoint';
import { parseMultipart } from '../../lib/http/multipart';
import { created } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ProductPath } from '../../lib/schemas/products';
import { UploadImageBody } from '../../lib/schemas/slideshow';
import { uploadSlideshowImage } from '../../lib/use-cases/catalog/upload-slideshow-image';

/**
 * POST /{shopId}/products/{productId}/slideshow (products_write): a multipart/form-data upload of
 * one image (part `image`, up to 4 MB in all) → 201 `{name, sizes}` with its five sizes' URLs.
 */
export const handler = endpoint(
  routes.uploadSlideshowImage,
  { path: ProductPath, body: UploadImageBody },
  async (req) => {
    const image = await uploadSlideshowImage({
      shopId: req.shopId,
      productId: req.path.productId,
      name: imageNameOf(req.body.image.filename),
      bytes: req.body.image.bytes,
    });
    return created({ name: image.name, sizes: slideshowItemView(image).sizes });
  },
  { parseMultipart },
);
