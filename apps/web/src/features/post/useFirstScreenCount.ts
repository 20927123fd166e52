import { useEffect, useState, type RefObject } from 'react';
import { isHydrating } from '../../lib/hydration';
import { whenIdle } from '../../lib/idle';

/** Rows of cards rendered with the first paint of a feed; the rest follow once the browser is idle. */
export const FIRST_SCREEN_ROWS = 3;
/** The narrowest card plus the gap (PostGrid.module.css: minmax(210px, 1fr), 16px gap). */
const CARD_SLOT_PX = 226;
/** PostGrid.module.css: two columns up to this width. */
const PHONE_MAX_PX = 640;
/** The rest of the cards wait at most this long for the first screen's photos... */
const PHOTOS_WAIT_MS = 1500;
/** ...and then at most this long for the browser to be idle. */
const REST_TIMEOUT_MS = 300;

/**
 * How many cards fill the first screen at this window width, rounded up to whole rows. Overcounts
 * on purpose (the real grid is narrower than the window): a card missing from the first screen
 * would appear a moment late where the member is looking.
 */
export function firstScreenCards(windowWidth: number): number {
  const columns = windowWidth <= PHONE_MAX_PX ? 2 : Math.max(2, Math.floor(windowWidth / CARD_SLOT_PX));
  return columns * FIRST_SCREEN_ROWS;
}

/**
 * How many of a feed's `total` cards to render now. A first page renders the cards of the first
 * screen at once and the rest after the first screen's photos have loaded, when the browser is
 * next idle: on a phone the first photo then starts loading and paints without waiting for cards
 * below the fold (a tenth of a second of a slow phone's main thread each; the largest paint is
 * that first photo, and rendering the rest while it decodes delayed its paint). Later pages
 * render whole. Where there is no window (tests without layout), everything renders at once.
 *
 * `container` holds the rendered cards; its eagerly loaded photos (lazy ones may never load) are
 * the ones waited for, at most PHOTOS_WAIT_MS.
 */
export function useFirstScreenCount(total: number, container?: RefObject<HTMLElement | null>): number {
  // The server renders every card (it has no window), so hydration starts from all of them too.
  const [limit, setLimit] = useState(() =>
    typeof window === 'undefined' || isHydrating()
      ? Number.POSITIVE_INFINITY
      : firstScreenCards(window.innerWidth),
  );
  const partial = total > limit;

  useEffect(() => {
    if (!partial) return;
    const root = container?.current ?? null;
    let cancelIdle: (() => void) | null = null;
    const loading = () =>
      root
        ? [...root.querySelectorAll<HTMLImageElement>('img:not([loading="lazy"])')].some(
            (img) => !img.complete,
          )
        : false;
    const stopWaiting = () => {
      window.clearTimeout(deadline);
      root?.removeEventListener('load', onSettled, true);
      root?.removeEventListener('error', onSettled, true);
    };
    const renderRest = () => {
      stopWaiting();
      cancelIdle ??= whenIdle(() => setLimit(Number.POSITIVE_INFINITY), REST_TIMEOUT_MS);
    };
    // `load` and `error` do not bubble: listen in the capture phase.
    const onSettled = () => {
      if (!loading()) renderRest();
    };
    const deadline = window.setTimeout(renderRest, PHOTOS_WAIT_MS);
    root?.addEventListener('load', onSettled, true);
    root?.addEventListener('error', onSettled, true);
    onSettled();
    return () => {
      stopWaiting();
      cancelIdle?.();
    };
  }, [partial, container]);

  return Math.min(total, limit);
}
