import { describe, expect, it } from 'vitest';
import { checkNewImages, hasImageSignature, readImageHead } from './image-rules';

const MB = 1024 * 1024;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const TEXT = new TextEncoder().encode('just some notes, not a photo');
const bytes = (text: string) => new TextEncoder().encode(text);
const file = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });
const check = (
  current: ReturnType<typeof file>[],
  incoming: ReturnType<typeof file>[],
  heads?: (Uint8Array | null)[],
) => checkNewImages(current, incoming, heads ?? incoming.map(() => PNG));

describe('hasImageSignature', () => {
  it('knows the formats the server takes by their bytes', () => {
    expect(hasImageSignature(PNG)).toBe(true);
    expect(hasImageSignature(JPEG)).toBe(true);
    expect(hasImageSignature(bytes('GIF89a......'))).toBe(true);
    expect(hasImageSignature(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe(true);
    expect(hasImageSignature(bytes('\0\0\0\x1cftypavif\0\0\0\0mif1'))).toBe(true);
  });

  it('refuses text, HEIC, SVG and anything too short to tell', () => {
    expect(hasImageSignature(TEXT)).toBe(false);
    expect(hasImageSignature(bytes('\0\0\0\x18ftypheic\0\0\0\0mif1'))).toBe(false);
    expect(hasImageSignature(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBe(false);
    expect(hasImageSignature(PNG.subarray(0, 8))).toBe(false);
  });

  it('reads the head of a real file', async () => {
    const head = await readImageHead(new File([PNG, TEXT], 'a.png'));
    expect(head && hasImageSignature(head)).toBe(true);
  });
});

describe('checkNewImages (SPEC §5, each file on its own)', () => {
  it('keeps up to five good images', () => {
    const result = check([file('a'), file('b')], [file('c'), file('d'), file('e')]);
    expect(result.accepted.map((f) => f.name)).toEqual(['c', 'd', 'e']);
    expect(result.problems).toEqual([]);
  });

  it('keeps the good files of a mixed selection and names each bad one with its reason', () => {
    const result = check(
      [],
      [
        file('beach.png'),
        file('huge.jpg', 19 * MB, 'image/jpeg'),
        file('notes.jpg', 40, 'image/jpeg'),
        file('sun.png', 7),
      ],
      [PNG, JPEG, TEXT, PNG],
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['beach.png', 'sun.png']);
    expect(result.problems).toEqual([
      { name: 'huge.jpg', reason: 'Each image should be less than 10MB' },
      { name: 'notes.jpg', reason: 'Please select only image files' },
    ]);
  });

  it('judges by content where it can, by type where it could not read the bytes', () => {
    expect(check([], [file('renamed.png')], [TEXT]).problems[0]?.reason).toBe(
      'Please select only image files',
    );
    expect(check([], [file('doc.pdf', 10, 'application/pdf')], [null]).problems[0]?.reason).toBe(
      'Please select only image files',
    );
    expect(check([], [file('ok.png')], [null]).accepted).toHaveLength(1);
  });

  it('keeps what fits and names the rest with the counts', () => {
    const result = check([file('a'), file('b')], [file('c'), file('d'), file('e'), file('f')]);
    expect(result.accepted.map((f) => f.name)).toEqual(['c', 'd', 'e']);
    expect(result.problems).toEqual([
      {
        name: 'f',
        reason: 'You can upload maximum 5 images per post. Currently have 2, trying to add 4 more.',
      },
    ]);
  });

  it('refuses an image of 10MB or more', () => {
    expect(check([], [file('big.jpg', 10 * MB)]).problems[0]?.reason).toBe(
      'Each image should be less than 10MB',
    );
    expect(check([], [file('ok.jpg', 10 * MB - 1)]).accepted).toHaveLength(1);
  });

  it('refuses a file already chosen (same name and size), also within one batch', () => {
    expect(check([file('a.png', 5)], [file('a.png', 5)]).problems[0]?.reason).toBe(
      'File "a.png" is already selected',
    );
    const batch = check([], [file('b.png', 5), file('b.png', 5)]);
    expect(batch.accepted).toHaveLength(1);
    expect(batch.problems).toEqual([{ name: 'b.png', reason: 'File "b.png" is already selected' }]);
    expect(check([file('a.png', 5)], [file('a.png', 6)]).accepted).toHaveLength(1);
  });
});
