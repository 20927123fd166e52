import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_POST } from '@glimpse/shared';
import { IMAGE_MSG } from '../../lib/text';

type FileLike = Pick<File, 'name' | 'size' | 'type'>;

function isSameFile(a: FileLike, b: FileLike): boolean {
  return a.name === b.name && a.size === b.size;
}

/**
 * Checks a batch of picked or dropped files against those already chosen (SPEC §5): at most 5 in
 * all, images only, each under 10MB, no file chosen twice (same name and size). Returns the first
 * rule broken, or null; a batch is taken whole or not at all, so the message always describes
 * exactly what happened.
 */
export function validateNewImages(
  current: readonly FileLike[],
  incoming: readonly FileLike[],
): string | null {
  if (current.length + incoming.length > MAX_IMAGES_PER_POST) {
    return IMAGE_MSG.tooMany(current.length, incoming.length);
  }
  if (incoming.some((file) => !file.type.startsWith('image/'))) return IMAGE_MSG.onlyImages;
  if (incoming.some((file) => file.size >= MAX_IMAGE_BYTES)) return IMAGE_MSG.tooLarge;
  const seen: FileLike[] = [...current];
  for (const file of incoming) {
    if (seen.some((other) => isSameFile(other, file))) return IMAGE_MSG.duplicate(file.name);
    seen.push(file);
  }
  return null;
}
