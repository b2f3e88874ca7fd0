import sharp from 'sharp';
import type { Step } from './steps';

const SLIDESHOW = '/products/campfire-cookbook/slideshow';

/**
 * The slideshow of one product: two images uploaded as multipart/form-data (real JPEGs made by
 * sharp, so the stored sizes are real), the list, the sequence read and reordered, one deleted.
 */
export async function walkSlideshow(step: Step): Promise<void> {
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
    await step('uploadSlideshowImage', 201, 'POST', SLIDESHOW, form);
  }
  await step('listSlideshowImages', 200, 'GET', SLIDESHOW);
  await step('getSlideshowSequence', 200, 'GET', `${SLIDESHOW}/sequence`);
  await step('updateSlideshowSequence', 200, 'PUT', `${SLIDESHOW}/sequence`, [
    'cookbook-back.jpg',
    'cookbook-cover.jpg',
  ]);
  await step('deleteSlideshowImage', 204, 'DELETE', `${SLIDESHOW}/cookbook-back.jpg`);
}
