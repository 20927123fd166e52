import { useLayoutEffect, type RefObject } from 'react';
import { PHONE_MAX_WIDTH_PX } from '../../lib/useMediaQuery';

/** Space left under the element on wide screens, so the card does not touch the window's edge. */
const BOTTOM_GAP_PX = 16;

/** Height of the phone's bottom tab bar when it is on screen, else 0. */
function bottomBarHeight(): number {
  const bar = document.querySelector<HTMLElement>('[data-tabbar]');
  return bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().height : 0;
}

/**
 * Sizes the element to end at the bottom of the window (above the phone's tab bar when it shows),
 * whatever the navbar's height. A chat screen scrolls inside its panes, never the page.
 * `layoutKey` re-measures when something that moves those edges changes (the list/conversation
 * view hides or shows the tab bar).
 */
export function useFillViewportHeight(ref: RefObject<HTMLElement | null>, layoutKey?: string): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const gap = window.innerWidth <= PHONE_MAX_WIDTH_PX + 1 ? 0 : BOTTOM_GAP_PX;
      element.style.height = `${Math.max(window.innerHeight - top - gap - bottomBarHeight(), 320)}px`;
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [ref, layoutKey]);
}
