import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the app uses its phone layout (bottom tab bar, sheets, list → page). */
export const PHONE_MAX_WIDTH_PX = 767;
export const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH_PX}px)`;
/** A device whose main pointer is a finger: no hover, so swipes replace arrow buttons. */
export const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

/**
 * Whether a CSS media query matches, kept in step as it changes. False where matchMedia does not
 * exist (jsdom, very old browsers): the desktop layout is the fallback.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** The phone layout (under 768 px wide). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
