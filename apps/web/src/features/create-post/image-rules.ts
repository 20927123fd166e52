import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_POST } from '@glimpse/shared';
import { IMAGE_MSG } from '../../lib/text';

type FileLike = Pick<File, 'name' | 'size' | 'type'>;

/** A picked file left out, and why, in the spec's words (SPEC §5). */
export interface ImageProblem {
  name: string;
  reason: string;
}

/** The first bytes a content check needs (the longest signature we read is ~32 bytes). */
export const IMAGE_HEAD_BYTES = 64;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/**
 * Whether a file's first bytes are one of the formats the server accepts (JPEG, PNG, GIF, WebP,
 * AVIF), read from the content, never the name: a text file renamed `.jpg` is not an image. The
 * server sniffs the same signatures (`media.detect.ts`) and stays the rule; this only spares an
 * upload that would be refused.
 */
export function hasImageSignature(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return true;
  const head6 = ascii(bytes, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return true;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return true;
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= bytes.length; at += 4) brands.push(ascii(bytes, at, at + 4));
    return brands.some((brand) => brand === 'avif' || brand === 'avis');
  }
  return false;
}

function readBlob(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  // Older engines (and jsdom) have only FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** A file's first bytes, or null where the browser cannot read them (then its type decides). */
export async function readImageHead(file: Blob): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readBlob(file.slice(0, IMAGE_HEAD_BYTES)));
  } catch {
    return null;
  }
}

function isSameFile(a: FileLike, b: FileLike): boolean {
  return a.name === b.name && a.size === b.size;
}

/**
 * Checks each picked or dropped file on its own against those already chosen (SPEC §5): an image
 * by its content (by its type only where the bytes could not be read), under 10MB, not chosen
 * twice (same name and size), and at most 5 in all. Good files are kept, in order, up to the free
 * places; every other file is named with the rule it broke. `heads[i]` are `incoming[i]`'s first
 * bytes.
 */
export function checkNewImages<F extends FileLike>(
  current: readonly FileLike[],
  incoming: readonly F[],
  heads: ReadonlyArray<Uint8Array | null>,
): { accepted: F[]; problems: ImageProblem[] } {
  const problems: ImageProblem[] = [];
  const good: F[] = [];
  const seen: FileLike[] = [...current];
  incoming.forEach((file, i) => {
    const head = heads[i] ?? null;
    const isImage = head ? hasImageSignature(head) : file.type.startsWith('image/');
    let reason: string | null = null;
    if (!isImage) reason = IMAGE_MSG.onlyImages;
    else if (file.size >= MAX_IMAGE_BYTES) reason = IMAGE_MSG.tooLarge;
    else if (seen.some((other) => isSameFile(other, file))) reason = IMAGE_MSG.duplicate(file.name);
    if (reason) {
      problems.push({ name: file.name, reason });
      return;
    }
    seen.push(file);
    good.push(file);
  });
  const free = Math.max(0, MAX_IMAGES_PER_POST - current.length);
  const accepted = good.slice(0, free);
  const tooMany = IMAGE_MSG.tooMany(current.length, good.length);
  for (const file of good.slice(free)) problems.push({ name: file.name, reason: tooMany });
  return { accepted, problems };
}
