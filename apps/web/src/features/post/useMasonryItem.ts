import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Row unit of the masonry grid (CSS grid-auto-rows); the gap is padding inside each item. */
export const MASONRY_ROW_PX = 4;

/**
 * Masonry in a CSS grid: each item spans as many small rows as its height needs. Unlike CSS
 * columns, the DOM (and so the reading and tab order) stays row by row, and appending a page
 * never moves the cards above it. Heights are re-measured when an item resizes (text rewrapping
 * at a new width); image boxes are reserved by aspect-ratio, so an image load changes nothing.
 */
export function useMasonryItem<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T | null>(null);

  useLayoutEffect(() => {
    const item = ref.current;
    const content = item?.firstElementChild;
    if (!item || !(content instanceof HTMLElement) || typeof ResizeObserver === 'undefined') return;

    const measure = () => {
      const height = content.getBoundingClientRect().height;
      if (height > 0) item.style.gridRowEnd = `span ${Math.ceil(height / MASONRY_ROW_PX)}`;
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  return ref;
}

/** Masonry needs ResizeObserver; without it (old browsers, jsdom) the grid stays a plain grid. */
export function isMasonrySupported(): boolean {
  return typeof window !== 'undefined' && typeof ResizeObserver !== 'undefined';
}
