import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test images and multipart bodies. Only tests import this file. */

export function solidImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' = 'png',
): Promise<Buffer> {
  // A gradient-ish overlay keeps the encoders honest (a flat colour compresses to nothing).
  const noise = { width, height, channels: 3 as const };
  return sharp(randomBytes(width * height * 3), { raw: noise })
    .composite([
      { input: { create: { width, height, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 0.6 } } } },
    ])
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying camera EXIF with GPS coordinates and an orientation tag. */
export function jpegWithGps(width: number, height: number, orientation = 1): Promise<Buffer> {
  return (
    sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .jpeg()
      // libvips writes the Orientation tag from its own field, not from IFD0 strings.
      .withMetadata({ orientation })
      .withExifMerge({
        IFD0: { Make: 'GlimpseCam', Model: 'Test 1', Copyright: 'Secret Owner' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '33/1 41/1 2/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '117/1 49/1 32/1',
        },
      })
      .toBuffer()
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, valid-looking PNG whose header claims width x height (a decompression bomb). */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const idat = zlib.deflateSync(Buffer.alloc(1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  field?: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject(). */
export function multipart(
  files: FilePart[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----glimpse${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  files.forEach((f, i) => {
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'media'}"; filename="${f.filename ?? `photo${i}.jpg`}"\r\n` +
      `Content-Type: ${f.contentType ?? 'image/jpeg'}\r\n\r\n`;
    chunks.push(Buffer.from(head), f.data, Buffer.from('\r\n'));
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
