/**
 * A small ICO reader: libvips (sharp) has no ICO loader. An ICO file is a directory of images, each
 * either a whole PNG file or a BMP without its file header (a DIB: XOR colours bottom-up, then a
 * 1-bit AND transparency mask). The largest image is taken: PNG bytes as they are, a DIB turned into
 * raw RGBA pixels for sharp. Anything malformed is `undefined` (the upload answers 400).
 */

export type IcoImage =
  | { kind: 'png'; bytes: Buffer }
  | { kind: 'rgba'; pixels: Buffer; width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether the bytes start like an ICO file (reserved 0, type 1, at least one image). */
export function looksLikeIco(bytes: Buffer): boolean {
  return (
    bytes.length >= 22 &&
    bytes.readUInt16LE(0) === 0 &&
    bytes.readUInt16LE(2) === 1 &&
    bytes.readUInt16LE(4) > 0
  );
}

/** The largest image of an ICO file, or undefined when the file is not a readable ICO. */
export function readIco(bytes: Buffer): IcoImage | undefined {
  if (!looksLikeIco(bytes)) return undefined;
  const count = bytes.readUInt16LE(4);
  if (bytes.length < 6 + count * 16) return undefined;
  let best: { size: number; offset: number; area: number; bpp: number } | undefined;
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 16;
    const width = bytes[at] || 256;
    const height = bytes[at + 1] || 256;
    const bpp = bytes.readUInt16LE(at + 6);
    const size = bytes.readUInt32LE(at + 8);
    const offset = bytes.readUInt32LE(at + 12);
    if (size === 0 || offset + size > bytes.length) return undefined;
    const area = width * height;
    if (!best || area > best.area || (area === best.area && bpp > best.bpp))
      best = { size, offset, area, bpp };
  }
  if (!best) return undefined;
  const data = bytes.subarray(best.offset, best.offset + best.size);
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return { kind: 'png', bytes: data };
  return readDib(data);
}

/** A DIB as stored in an ICO (BITMAPINFOHEADER, 1/4/8/24/32 bits, uncompressed) as RGBA pixels. */
function readDib(data: Buffer): IcoImage | undefined {
  if (data.length < 40) return undefined;
  const headerSize = data.readUInt32LE(0);
  const width = data.readInt32LE(4);
  const height = Math.floor(data.readInt32LE(8) / 2);
  const bpp = data.readUInt16LE(14);
  const compression = data.readUInt32LE(16);
  const colorsUsed = data.readUInt32LE(32);
  if (headerSize < 40 || width <= 0 || height <= 0 || width > 1024 || height > 1024) return undefined;
  // 0 = BI_RGB; 3 = BI_BITFIELDS, which 32-bit icons use with the usual BGRA masks.
  if (![1, 4, 8, 24, 32].includes(bpp) || !(compression === 0 || (compression === 3 && bpp === 32)))
    return undefined;
  const paletteAt = headerSize + (compression === 3 ? 12 : 0);
  const paletteSize = bpp <= 8 ? colorsUsed || 2 ** bpp : 0;
  const xorAt = paletteAt + paletteSize * 4;
  const xorStride = Math.ceil((width * bpp) / 32) * 4;
  const andAt = xorAt + xorStride * height;
  const andStride = Math.ceil(width / 32) * 4;
  if (data.length < andAt) return undefined;
  const hasMask = data.length >= andAt + andStride * height;
  const pixels = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = xorAt + (height - 1 - y) * xorStride;
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 4;
      let b: number;
      let g: number;
      let r: number;
      let a = 255;
      if (bpp >= 24) {
        const at = row + x * (bpp / 8);
        b = data[at] as number;
        g = data[at + 1] as number;
        r = data[at + 2] as number;
        if (bpp === 32) {
          a = data[at + 3] as number;
          if (a !== 0) anyAlpha = true;
        }
      } else {
        const bit = x * bpp;
        const byte = data[row + (bit >> 3)] as number;
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        if (index >= paletteSize) return undefined;
        const at = paletteAt + index * 4;
        b = data[at] as number;
        g = data[at + 1] as number;
        r = data[at + 2] as number;
      }
      pixels[out] = r;
      pixels[out + 1] = g;
      pixels[out + 2] = b;
      pixels[out + 3] = a;
    }
  }
  // The AND mask decides transparency unless 32-bit pixels carry an alpha channel of their own.
  if (hasMask && !(bpp === 32 && anyAlpha)) {
    for (let y = 0; y < height; y++) {
      const row = andAt + (height - 1 - y) * andStride;
      for (let x = 0; x < width; x++) {
        const transparent = ((data[row + (x >> 3)] as number) >> (7 - (x & 7))) & 1;
        pixels[(y * width + x) * 4 + 3] = transparent ? 0 : 255;
      }
    }
  }
  return { kind: 'rgba', pixels, width, height };
}
