import type { Examples } from './document';

/** The image URLs' base in the examples (CloudFront's in AWS; the twin's S3 server has a port of the run). */
const MEDIA_BASE = 'https://media.example.net';

/** The slideshow's examples that show image URLs, in the order their upload ids are numbered. */
const WITH_IMAGE_URLS = ['uploadSlideshowImage', 'listSlideshowImages', 'getSlideshowSequence'];

/**
 * Normalises the image URLs in the slideshow's recorded examples (record-examples.ts): a fixed media
 * base instead of the twin's S3 server, fixed upload ids (lower-case ULIDs in the path, which the
 * document-wide normalisation of upper-case ULIDs does not see) numbered in order of appearance.
 */
export function fixSlideshowExamples(examples: Examples): void {
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
  for (const name of WITH_IMAGE_URLS) {
    const recorded = examples[name];
    if (recorded) examples[name] = fixed(recorded);
  }
}
