/** The image formats we accept, named by what their bytes say, never by a file name or MIME claim. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** The format sharp's metadata reports for each (AVIF is decoded by the HEIF loader). */
export const SHARP_FORMAT_OF: Record<ImageFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const AVIF_BRANDS = new Set(['avif', 'avis']);

function ascii(buf: Buffer, start: number, end: number): string {
  return buf.toString('latin1', start, end);
}

/**
 * Identifies an image by its magic bytes. SVG, TIFF, HEIC, PDF and everything else give null:
 * those either carry active content or pull in decoders we do not want to expose to uploads.
 */
export function sniffImageFormat(buf: Buffer): ImageFormat | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const head6 = ascii(buf, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'webp';
  if (ascii(buf, 4, 8) === 'ftyp') {
    // ISO-BMFF: major brand at 8, minor version at 12, compatible brands to the end of the box.
    const boxEnd = Math.min(buf.readUInt32BE(0), buf.length, 256);
    const brands = [ascii(buf, 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(buf, at, at + 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
  }
  return null;
}
