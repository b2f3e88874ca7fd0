import * as z from '../zod';
import { Image } from './common';

/** Response schemas of the product slideshow (docs/catalog.md "Images (slideshow)"). */

/** The upload answer: the image's name and its five sizes. */
export const SlideshowUpload = z
  .strictObject({ name: z.string(), sizes: z.array(Image) })
  .register(z.globalRegistry, { id: 'SlideshowUpload' });

/** One image of GET .../slideshow: `images` lists the sizes and `sizes` repeats it. */
export const SlideshowItem = z
  .strictObject({ name: z.string(), images: z.array(Image), sizes: z.array(Image) })
  .register(z.globalRegistry, { id: 'SlideshowItem' });

export const SlideshowList = z
  .strictObject({ items: z.array(SlideshowItem) })
  .register(z.globalRegistry, { id: 'SlideshowList' });

/** The image names in display order. */
export const SlideshowSequence = z.array(z.string()).register(z.globalRegistry, { id: 'SlideshowSequence' });
