import { fireEvent, render, waitFor } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { makeImage } from './post-fixtures';
import { ResponsiveImage } from './ResponsiveImage';

/** A real ThumbHash of a flat colour, as the server sends it (base64). */
function hashOf(r: number, g: number, b: number): string {
  const pixels = new Uint8Array(8 * 8 * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([r, g, b, 255], i);
  return btoa(String.fromCharCode(...rgbaToThumbHash(8, 8, pixels)));
}

function frameOf(container: HTMLElement): HTMLElement {
  return container.firstElementChild as HTMLElement;
}

describe('ResponsiveImage placeholder', () => {
  it('fills the box with the average colour at once and the blurred preview once the browser is free', async () => {
    const { container } = render(
      <ResponsiveImage image={makeImage({ placeholder: hashOf(200, 40, 40) })} alt="" sizes="300px" />,
    );
    const frame = frameOf(container);
    expect(frame.style.backgroundColor).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    // Not decoded in the render itself: that was the first feed render's cost.
    expect(frame.style.backgroundImage).toBe('');
    await waitFor(() => expect(frame.style.backgroundImage).toContain('data:image/png'));
  });

  it('never decodes a preview for a photo that is already in', async () => {
    const { container } = render(
      <ResponsiveImage image={makeImage({ placeholder: hashOf(30, 90, 200) })} alt="" sizes="300px" />,
    );
    fireEvent.load(container.querySelector('img')!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frameOf(container).style.backgroundImage).toBe('');
    expect(frameOf(container).style.backgroundColor).not.toBe('');
  });
});
