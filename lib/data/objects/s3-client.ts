import { S3Client } from '@aws-sdk/client-s3';
import { type Config, config } from '../../config';

let cached: { client: S3Client; from: Config } | undefined;

/**
 * The S3 client, configured once per configuration: the regional endpoint in AWS, the twin's
 * embedded server at S3_ENDPOINT locally (path-style addresses, dummy credentials). Checksums are
 * sent only where S3 requires them: the embedded server does not know the SDK's streaming
 * checksum trailers, and S3 checks the content's MD5/SHA256 signature anyway.
 */
export function s3(): S3Client {
  const cfg = config();
  if (cached?.from !== cfg) {
    const local = cfg.S3_ENDPOINT !== undefined;
    const client = new S3Client({
      region: cfg.AWS_REGION,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(local
        ? {
            endpoint: cfg.S3_ENDPOINT,
            forcePathStyle: true,
            // The embedded server's one account (s3rver's built-in key pair).
            credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
          }
        : {}),
    });
    cached = { client, from: cfg };
  }
  return cached.client;
}

/** The bucket of product images. */
export function mediaBucket(): string {
  return config().MEDIA_BUCKET;
}

/** The bucket of generated exports. */
export function exportsBucket(): string {
  return config().EXPORTS_BUCKET;
}

/**
 * The public URL of a media object: MEDIA_BASE_URL (the CloudFront distribution) in AWS; locally
 * the embedded server's own address for the object.
 */
export function mediaUrl(key: string): string {
  const cfg = config();
  const base = cfg.MEDIA_BASE_URL ?? `${cfg.S3_ENDPOINT ?? ''}/${cfg.MEDIA_BUCKET}`;
  return `${base.replace(/\/$/, '')}/${key}`;
}
