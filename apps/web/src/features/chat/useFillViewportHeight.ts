import { useLayoutEffect, type RefObject } from 'react';

/** Space left under the element on wide screens, so the card does not touch the window's edge. */
const BOTTOM_GAP_PX = 16;
const PHONE_MAX_WIDTH_PX = 768;

/**
 * Sizes the element to end at the bottom of the window, whatever the navbar's height (it wraps to
 * two rows on phones). A chat screen scrolls inside its panes, never the page.
 */
export function useFillViewportHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const gap = window.innerWidth <= PHONE_MAX_WIDTH_PX ? 0 : BOTTOM_GAP_PX;
      element.style.height = `${Math.max(window.innerHeight - top - gap, 320)}px`;
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [ref]);
}
