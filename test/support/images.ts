import sharp from 'sharp';
import { inject } from 'vitest';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { type ApiResponse, tokenFor } from './api';

/** Real images made by sharp, multipart bodies and upload calls for the slideshow tests. */

/** A picture with some content (gradient-like noise), in a format sharp writes. */
export function picture(
  format: 'png' | 'jpeg' | 'gif',
  width: number,
  height: number,
  noise = 10,
): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 120, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: noise },
    },
  })
    .toFormat(format)
    .toBuffer();
}

/** An ICO file holding one PNG image (how modern icons are stored). */
export function icoWithPng(png: Buffer, width: number, height: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header[6] = width >= 256 ? 0 : width;
  header[7] = height >= 256 ? 0 : height;
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

/** An ICO file holding one classic 32-bit BMP image (BGRA rows bottom-up, then the AND mask) of one colour. */
export function icoWithBmp(width: number, height: number, rgba: [number, number, number, number]): Buffer {
  const xor = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) xor.set([rgba[2], rgba[1], rgba[0], rgba[3]], i * 4);
  const andStride = Math.ceil(width / 32) * 4;
  const mask = Buffer.alloc(andStride * height);
  const dib = Buffer.alloc(40);
  dib.writeUInt32LE(40, 0);
  dib.writeInt32LE(width, 4);
  dib.writeInt32LE(height * 2, 8);
  dib.writeUInt16LE(1, 12);
  dib.writeUInt16LE(32, 14);
  const data = Buffer.concat([dib, xor, mask]);
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header[6] = width;
  header[7] = height;
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(data.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, data]);
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  bytes: Buffer;
}

export const BOUNDARY = '----slideshow-test-boundary';

/** A multipart/form-data body of these parts, framed by hand (so a test can also break it). */
export function multipart(parts: readonly Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** POSTs a raw body to a product's slideshow over real HTTP (all-scopes token unless told otherwise). */
export async function postSlideshow(
  shop: string,
  productId: string,
  body: Buffer | undefined,
  contentType: string | undefined = `multipart/form-data; boundary=${BOUNDARY}`,
  token = tokenFor(shop),
): Promise<ApiResponse> {
  const headers: Record<string, string> = { accept: MEDIA_TYPE_V1, authorization: `Bearer ${token}` };
  if (contentType !== undefined) headers['content-type'] = contentType;
  const response = await fetch(
    `${inject('apiUrl')}/${shop}/products/${encodeURIComponent(productId)}/slideshow`,
    { method: 'POST', headers, ...(body === undefined ? {} : { body }) },
  );
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
    text,
  };
}

/** Uploads one image file as part `image`. */
export function uploadImage(
  shop: string,
  productId: string,
  filename: string,
  bytes: Buffer,
): Promise<ApiResponse> {
  return postSlideshow(
    shop,
    productId,
    multipart([{ name: 'image', filename, contentType: 'image/png', bytes }]),
  );
}
