import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { mediaBucket, mediaUrl, s3 } from '../objects/s3-client';

/**
 * Product images in the media bucket (docs/catalog.md "Images (slideshow)"): every object of an upload lives
 * under `{shopId}/products/{productId}/{uploadId}/`, so an image uploaded again under its old name
 * gets new keys and URLs (no cache ever shows the old file), and a product's objects share one
 * prefix (deleteProductObjects). Objects never change once written: cached for a year, immutable.
 */

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** S3 DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

export interface MediaObject {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/** The key prefix of all the product's objects (the product id encoded: it may hold a slash). */
export function productObjectsPrefix(shopId: string, productId: string): string {
  return `${shopId}/products/${encodeURIComponent(productId)}/`;
}

/** The key prefix of one upload's objects. */
export function uploadPrefix(shopId: string, productId: string, uploadId: string): string {
  return `${productObjectsPrefix(shopId, productId)}${uploadId}/`;
}

/**
 * The folder of an upload's original, beside its sizes. The original is the merchant's file as sent
 * (EXIF, GPS position, trailing bytes): the CDN never serves this folder (infra/constructs/
 * media-storage.ts), only the sizes, which sharp re-encodes without metadata.
 */
export const ORIGINALS_FOLDER = 'original';

/** The key of an upload's original. */
export function originalKey(prefix: string, name: string): string {
  return `${prefix}${ORIGINALS_FOLDER}/${keySafe(name)}`;
}

/** An image name as a key's file name: letters, digits, dot, dash and underscore (others become '-'). */
export function keySafe(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '-');
}

/** The public URL of an object (each key segment URL-encoded). */
export function objectUrl(key: string): string {
  return mediaUrl(key.split('/').map(encodeURIComponent).join('/'));
}

/** Stores the objects, all at once; the first failure rejects (the caller removes what was stored). */
export async function putMediaObjects(objects: readonly MediaObject[]): Promise<void> {
  await Promise.all(
    objects.map((object) =>
      s3().send(
        new PutObjectCommand({
          Bucket: mediaBucket(),
          Key: object.key,
          Body: object.bytes,
          ContentType: object.contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      ),
    ),
  );
}

/** Deletes the objects (missing ones are no error). */
export async function deleteMediaObjects(keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    const batch = keys.slice(i, i + DELETE_BATCH);
    const answer = await s3().send(
      new DeleteObjectsCommand({
        Bucket: mediaBucket(),
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = answer.Errors?.[0];
    if (failed)
      throw new Error(`Deleting media object ${failed.Key} failed: ${failed.Code} ${failed.Message}`);
  }
}

/**
 * Deletes every stored object of a product (its uploads' originals and sizes), for the product
 * DELETE: called after the catalog write, so a failure here leaves unreachable garbage, never a
 * product whose images are gone. Returns how many objects it deleted.
 */
export async function deleteProductObjects(shopId: string, productId: string): Promise<number> {
  const prefix = productObjectsPrefix(shopId, productId);
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: mediaBucket(), Prefix: prefix, ContinuationToken: token }),
    );
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    await deleteMediaObjects(keys);
    deleted += keys.length;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
