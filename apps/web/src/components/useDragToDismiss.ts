import { useEffect, useRef } from 'react';
import { DRAG_START_PX } from './usePhotoGestures';

/** A drag down past this share of the sheet's height (or DISMISS_MIN_PX) closes it. */
export const DISMISS_DISTANCE_RATIO = 0.25;
export const DISMISS_MIN_PX = 120;
/** px per ms: a quick flick down closes it even when short (but never under DISMISS_FLICK_MIN_PX). */
export const DISMISS_VELOCITY = 0.6;
export const DISMISS_FLICK_MIN_PX = 40;
const SNAP_BACK = 'transform 200ms ease-out';

export type DragAxis = 'undecided' | 'down' | 'other';

/**
 * Which way a touch is going once it has moved: 'down' (mostly downwards: the sheet follows),
 * 'other' (sideways or up: a photo swipe or a scroll, left alone for the rest of the touch), or
 * 'undecided' while it has moved less than DRAG_START_PX.
 */
export function dragAxis(dx: number, dy: number): DragAxis {
  if (Math.abs(dx) < DRAG_START_PX && Math.abs(dy) < DRAG_START_PX) return 'undecided';
  return dy > 0 && dy > Math.abs(dx) ? 'down' : 'other';
}

/**
 * Whether a drag may start here: only when nothing between the touched element and the sheet
 * (the sheet included) is scrolled away from its top, so a drag down inside scrolled content
 * scrolls it back up instead.
 */
export function isScrolledToTop(target: EventTarget | null, sheet: HTMLElement): boolean {
  let node = target instanceof Element ? target : null;
  while (node) {
    if (node.scrollTop > 0) return false;
    if (node === sheet) return true;
    node = node.parentElement;
  }
  return sheet.scrollTop <= 0;
}

/** Whether a finished downward drag closes the sheet (true) or snaps it back (false). */
export function dismissOutcome({
  dy,
  durationMs,
  height,
}: {
  dy: number;
  durationMs: number;
  height: number;
}): boolean {
  if (dy <= 0) return false;
  const isFar = dy >= Math.max(DISMISS_MIN_PX, height * DISMISS_DISTANCE_RATIO);
  const isFlick = dy >= DISMISS_FLICK_MIN_PX && dy / Math.max(durationMs, 1) >= DISMISS_VELOCITY;
  return isFar || isFlick;
}

interface Touch {
  x: number;
  y: number;
  time: number;
  axis: DragAxis;
  dy: number;
}

/**
 * Drag down to dismiss a sheet on touch screens: with its content at the top, a one-finger drag
 * that goes down (not sideways: photo swipes keep those) moves the sheet with the finger;
 * letting go past the threshold (or with a flick) calls `onDismiss`, otherwise it slides back.
 * Touch events, not pointer events: vertical pans belong to the browser (`touch-action: pan-y`),
 * which cancels a pointer as soon as it scrolls.
 */
export function useDragToDismiss(
  element: HTMLElement | null,
  { enabled, onDismiss }: { enabled: boolean; onDismiss: () => void },
) {
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (!enabled || !element) return;
    let touch: Touch | null = null;
    const place = (dy: number, animate: boolean) => {
      element.style.transition = animate ? SNAP_BACK : 'none';
      element.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
    };
    const onStart = (event: TouchEvent) => {
      const first = event.touches[0];
      touch =
        event.touches.length === 1 && first && isScrolledToTop(event.target, element)
          ? { x: first.clientX, y: first.clientY, time: event.timeStamp, axis: 'undecided', dy: 0 }
          : null;
    };
    const onMove = (event: TouchEvent) => {
      const first = event.touches[0];
      if (!touch || !first) return;
      if (event.touches.length > 1) {
        // A second finger (a pinch): not a drag.
        if (touch.axis === 'down') place(0, true);
        touch = null;
        return;
      }
      const dx = first.clientX - touch.x;
      const dy = first.clientY - touch.y;
      if (touch.axis === 'undecided') touch.axis = dragAxis(dx, dy);
      if (touch.axis !== 'down') return;
      // The sheet moves instead of the page (or the browser's overscroll).
      if (event.cancelable) event.preventDefault();
      touch.dy = Math.max(0, dy);
      place(touch.dy, false);
    };
    const onEnd = (event: TouchEvent) => {
      const t = touch;
      touch = null;
      if (!t || t.axis !== 'down') return;
      const dismiss =
        event.type === 'touchend' &&
        dismissOutcome({
          dy: t.dy,
          durationMs: event.timeStamp - t.time,
          height: element.getBoundingClientRect().height,
        });
      if (dismiss) onDismissRef.current();
      else place(0, true);
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onEnd);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
      element.style.transition = '';
      element.style.transform = '';
    };
  }, [element, enabled]);
}
