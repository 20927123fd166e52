import { describe, expect, it } from 'vitest';
import { validateNewImages } from './image-rules';

const MB = 1024 * 1024;
const file = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });

describe('validateNewImages (SPEC §5)', () => {
  it('accepts up to five images', () => {
    expect(validateNewImages([file('a'), file('b')], [file('c'), file('d'), file('e')])).toBeNull();
  });

  it('refuses a sixth with the counts in the message', () => {
    expect(validateNewImages([file('a'), file('b')], [file('c'), file('d'), file('e'), file('f')])).toBe(
      'You can upload maximum 5 images per post. Currently have 2, trying to add 4 more.',
    );
  });

  it('refuses anything that is not an image', () => {
    expect(validateNewImages([], [file('a.png'), file('notes.pdf', 10, 'application/pdf')])).toBe(
      'Please select only image files',
    );
  });

  it('refuses an image of 10MB or more', () => {
    expect(validateNewImages([], [file('big.jpg', 10 * MB, 'image/jpeg')])).toBe(
      'Each image should be less than 10MB',
    );
    expect(validateNewImages([], [file('ok.jpg', 10 * MB - 1, 'image/jpeg')])).toBeNull();
  });

  it('refuses a file already chosen (same name and size), also within one batch', () => {
    expect(validateNewImages([file('a.png', 5)], [file('a.png', 5)])).toBe(
      'File "a.png" is already selected',
    );
    expect(validateNewImages([], [file('b.png', 5), file('b.png', 5)])).toBe(
      'File "b.png" is already selected',
    );
    expect(validateNewImages([file('a.png', 5)], [file('a.png', 6)])).toBeNull();
  });
});
