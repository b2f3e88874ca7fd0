import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/data/ids';
import { exportsBucket, mediaBucket, mediaUrl, s3 } from '../../lib/data/objects/s3-client';
import { useLocalTable } from '../support/local-env';

beforeAll(() => useLocalTable());

describe('object storage in the twin (embedded S3 server, the SDK code used in AWS)', () => {
  it('serves a media object at its public URL, headers included, with no credentials', async () => {
    // Prepare
    const key = `test/${newId()}/front.png`;
    await s3().send(
      new PutObjectCommand({
        Bucket: mediaBucket(),
        Key: key,
        Body: Buffer.from('not really a png'),
        ContentType: 'image/png',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );

    // Act
    const response = await fetch(mediaUrl(key));

    // Assert
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('not really a png');
    expect(mediaUrl(key)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('answers a presigned GET of an export (s3rver does not check signatures: AWS does)', async () => {
    // Prepare
    const key = `test/${newId()}/products.csv`;
    await s3().send(
      new PutObjectCommand({ Bucket: exportsBucket(), Key: key, Body: 'ID;Name\r\n1;Mug\r\n' }),
    );
    const url = await getSignedUrl(s3(), new GetObjectCommand({ Bucket: exportsBucket(), Key: key }), {
      expiresIn: 900,
    });

    // Act
    const signed = await fetch(url);

    // Assert
    expect(signed.status).toBe(200);
    expect(await signed.text()).toBe('ID;Name\r\n1;Mug\r\n');
    expect(url).toContain('X-Amz-Expires=900');
  });
});
