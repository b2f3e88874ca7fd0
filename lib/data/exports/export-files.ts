import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, NotFound, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { exportsBucket, s3 } from '../objects/s3-client';
import type { ExportOf } from './export-leases';

/**
 * The product export files in the exports bucket (docs/catalog.md "Export"): one object per shop,
 * catalog version and locale, written by a streaming multipart upload and read only through
 * presigned URLs. The bucket's lifecycle rule removes files a day old.
 */

/** How long a presigned URL of a file is valid (15 minutes: docs/catalog.md "Export"). */
export const EXPORT_URL_SECONDS = 15 * 60;
/**
 * How long a file is handed out: less than the bucket's one-day expiry minus a URL's 15 minutes,
 * so no URL outlives its file; an older file of an unchanged catalog is generated again.
 */
const REUSE_MS = 23 * 3600 * 1000;
/** Records are joined into chunks of about this size before they reach the upload stream. */
const CHUNK_CHARS = 64 * 1024;
/** Multipart part size (S3's least) and parts in flight: the upload holds at most 4 × 5 MB. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/** The object key of an export file (S3 keys: not a table key, so not in lib/data/keys.ts). */
export function exportFileKey(of: ExportOf): string {
  return `${encodeURIComponent(of.shopId)}/products/${of.version}/${of.locale}.csv`;
}

/** Whether the file exists and is young enough to hand out (one HeadObject). */
export async function exportFileReady(key: string, now: number): Promise<boolean> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: exportsBucket(), Key: key }));
    return head.LastModified === undefined || now - head.LastModified.getTime() < REUSE_MS;
  } catch (error) {
    if (
      error instanceof NotFound ||
      (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
    )
      return false;
    throw error;
  }
}

/**
 * Streams `records` into the file by a multipart upload (a single PUT when it stays under one part):
 * memory holds a few parts, never the file. The object appears only when the upload completes, so
 * a reader sees the whole file or none. Returns how many records were written.
 */
export async function writeExportFile(
  key: string,
  records: Iterable<string>,
  meta: { generation: number; filename: string },
): Promise<number> {
  let count = 0;
  function* chunks(): Generator<string> {
    let chunk = '';
    for (const record of records) {
      count++;
      chunk += record;
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  const upload = new Upload({
    client: s3(),
    partSize: PART_BYTES,
    queueSize: PARTS_IN_FLIGHT,
    leavePartsOnError: false,
    params: {
      Bucket: exportsBucket(),
      Key: key,
      Body: Readable.from(chunks(), { objectMode: false }),
      ContentType: 'text/csv; charset=utf-8',
      ContentDisposition: `attachment; filename="${meta.filename}"`,
      Metadata: { generation: String(meta.generation) },
    },
  });
  await upload.done();
  return count;
}

/** A presigned GET URL of the file, valid EXPORT_URL_SECONDS; it needs no token. */
export function exportFileUrl(key: string): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: exportsBucket(), Key: key }), {
    expiresIn: EXPORT_URL_SECONDS,
  });
}
