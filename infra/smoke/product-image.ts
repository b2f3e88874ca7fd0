import type { SmokeApi } from './api-client';
import type { Made } from './made';
import { SmokeFailure } from './smoke-failure';
import type { StepRunner } from './step-runner';

/** A small real PNG (made, not shipped as a file): the upload decodes and resizes it like any photo. */
export async function smokePng(): Promise<Buffer> {
  // Loaded when needed: a run that fails before its upload never pays for libvips.
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 30 } } })
    .png()
    .toBuffer();
}

/**
 * Step 2b: uploads an image to the run's product, checks the answer lists its sizes, fetches one
 * size from the URL the answer gives (the media storage and its public URL, CloudFront in AWS) and
 * deletes the image again.
 */
export async function checkProductImage(api: SmokeApi, steps: StepRunner, made: Made): Promise<void> {
  const productId = made.productId as string;
  const form = new FormData();
  form.append('image', new Blob([await smokePng()], { type: 'image/png' }), 'smoke-test.png');
  const upload = await steps.run('upload product image', async () => {
    const answer = await api.call<{ name?: string; sizes?: { url?: string }[] }>('uploadSlideshowImage', {
      params: { productId },
      form,
      expect: 201,
    });
    if (typeof answer.body?.name === 'string') made.imageName = answer.body.name;
    const sizes = Array.isArray(answer.body?.sizes) ? answer.body.sizes : [];
    if (!made.imageName || sizes.length === 0 || !sizes.every((size) => typeof size?.url === 'string'))
      throw new SmokeFailure(`${answer.request}: the answer lists no image name and sizes with URLs`, 201);
    return answer;
  });
  // The smallest size: the cheapest proof that storage and its public URL serve the image.
  const url = upload.body.sizes?.[0]?.url as string;
  await steps.run('fetch product image', async () => {
    const got = await api.fetchPublic(url);
    if (got.status !== 200 || !got.contentType.startsWith('image/') || got.bytes === 0)
      throw new SmokeFailure(
        `${got.request}: expected 200 with an image, got ${got.status} ${got.contentType || 'without a content type'} (${got.bytes} bytes)`,
        got.status,
      );
    return got;
  });
  await steps.run('delete product image', () =>
    api.call('deleteSlideshowImage', {
      params: { productId, imageName: made.imageName as string },
      expect: 204,
    }),
  );
  made.imageName = undefined;
}
