import sharp from 'sharp';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import type { Examples } from './document';

type Call = (name: string | null, method: string, path: string, body?: unknown) => Promise<unknown>;

/** The image URLs' base in the examples (CloudFront's in AWS; the twin's S3 server has a port of the run). */
const MEDIA_BASE = 'https://media.example.net';

/**
 * The slideshow's examples (record-examples.ts): two images uploaded as multipart/form-data (real
 * PNGs made by sharp, so their sizes are real), the list, the sequence read and reordered, one
 * deleted. Image URLs are normalised: a fixed media base and fixed upload ids.
 */
export async function recordSlideshow(
  twin: { url: string; s3Endpoint: string },
  token: string,
  call: Call,
  examples: Examples,
): Promise<void> {
  const product = '/products/campfire-cookbook/slideshow';
  const uploadIds = new Map<string, string>();
  const fixed = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value)
        .replace(/http:\/\/127\.0\.0\.1:\d+\/[a-z0-9-]+\//g, `${MEDIA_BASE}/`)
        .replace(/\/([0-9a-z]{26})\//g, (_, id: string) => {
          if (!uploadIds.has(id))
            uploadIds.set(id, `01jc00000000000000000000${String(uploadIds.size + 1).padStart(2, '0')}`);
          return `/${uploadIds.get(id)}/`;
        }),
    );
  for (const [name, width, height] of [
    ['cookbook-cover.jpg', 1200, 900],
    ['cookbook-back.jpg', 800, 1000],
  ] as const) {
    const picture = await sharp({
      create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([picture], { type: 'image/jpeg' }), name);
    const response = await fetch(`${twin.url}/demo${product}`, {
      method: 'POST',
      headers: { accept: MEDIA_TYPE_V1, authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`uploadSlideshowImage: ${response.status} ${text}`);
    examples.uploadSlideshowImage ??= { 201: fixed(JSON.parse(text)) };
  }
  await call('listSlideshowImages', 'GET', product);
  await call('getSlideshowSequence', 'GET', `${product}/sequence`);
  await call('updateSlideshowSequence', 'PUT', `${product}/sequence`, [
    'cookbook-back.jpg',
    'cookbook-cover.jpg',
  ]);
  await call('deleteSlideshowImage', 'DELETE', `${product}/cookbook-back.jpg`);
  for (const name of ['listSlideshowImages', 'getSlideshowSequence']) {
    const recorded = examples[name];
    if (recorded) examples[name] = fixed(recorded);
  }
}
