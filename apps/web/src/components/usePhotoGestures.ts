import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

/** Two taps (or clicks) closer than this in time, and in space, are one double tap. */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_SLOP_PX = 40;
/** A pointer must travel this far before the gesture counts as a drag, not a tap. */
export const DRAG_START_PX = 8;
/** A drag past this share of the width, or flicked faster than SWIPE_VELOCITY, changes photo. */
export const SWIPE_DISTANCE_RATIO = 0.2;
export const SWIPE_MIN_PX = 40;
/** px per ms: a quick flick changes photo even when short. */
export const SWIPE_VELOCITY = 0.35;

export type SwipeDirection = 1 | -1;

/**
 * Whether a finished horizontal drag changes photo, and which way: 1 = the next one (the finger
 * moved left), -1 = the previous one, 0 = snap back.
 */
export function swipeOutcome({
  dx,
  durationMs,
  width,
}: {
  dx: number;
  durationMs: number;
  width: number;
}): SwipeDirection | 0 {
  const distance = Math.abs(dx);
  const velocity = distance / Math.max(durationMs, 1);
  const isFar = distance >= Math.max(SWIPE_MIN_PX, width * SWIPE_DISTANCE_RATIO);
  const isFlick = distance >= DRAG_START_PX * 2 && velocity >= SWIPE_VELOCITY;
  if (!isFar && !isFlick) return 0;
  return dx < 0 ? 1 : -1;
}

export interface TapPoint {
  /** Relative to the element, in px. */
  x: number;
  y: number;
}

export interface PhotoGestureOptions {
  /**
   * A single tap or click. With onDoubleTap it fires only once the double-tap window has passed
   * (a second tap makes it a double tap instead); without, at once.
   */
  onTap?: (event: MouseEvent<HTMLElement>) => void;
  onDoubleTap?: (point: TapPoint) => void;
  /** Photo change; omit when there is one photo (a drag then does nothing). */
  onSwipe?: (direction: SwipeDirection) => void;
  /**
   * The finger's horizontal offset while dragging, for a track to follow; 0 when it lets go
   * without changing photo (after a change, onSwipe is called instead).
   */
  onDrag?: (dx: number) => void;
  /** The first touch of the element: a carousel may start loading its neighbours. */
  onEngage?: () => void;
}

interface PointerTrack {
  id: number;
  x: number;
  y: number;
  time: number;
  width: number;
  mode: 'undecided' | 'horizontal' | 'vertical';
  dx: number;
}

/**
 * Tap, double tap (or double click) and horizontal swipe on a photo, from pointer events, so
 * touch, pen and mouse behave alike. Vertical movement is left to the browser (the element
 * should have `touch-action: pan-y`), so the page still scrolls over photos. A drag never ends
 * as a tap: the click that follows it is swallowed.
 */
export function usePhotoGestures({ onTap, onDoubleTap, onSwipe, onDrag, onEngage }: PhotoGestureOptions) {
  const track = useRef<PointerTrack | null>(null);
  const swallowClick = useRef(false);
  const lastTap = useRef<{ time: number; x: number; y: number } | null>(null);
  const tapTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const engaged = useRef(false);

  useEffect(() => () => clearTimeout(tapTimer.current), []);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (!engaged.current) {
      engaged.current = true;
      onEngage?.();
    }
    swallowClick.current = false;
    track.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      time: event.timeStamp,
      width: event.currentTarget.getBoundingClientRect().width,
      mode: 'undecided',
      dx: 0,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const t = track.current;
    if (!t || t.id !== event.pointerId || !onSwipe) return;
    const dx = event.clientX - t.x;
    const dy = event.clientY - t.y;
    if (t.mode === 'undecided') {
      if (Math.abs(dx) < DRAG_START_PX && Math.abs(dy) < DRAG_START_PX) return;
      t.mode = Math.abs(dx) > Math.abs(dy) ? 'horizontal' : 'vertical';
      if (t.mode === 'horizontal') event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    if (t.mode !== 'horizontal') return;
    t.dx = dx;
    onDrag?.(dx);
  };

  const finish = (event: PointerEvent<HTMLElement>, { cancelled }: { cancelled: boolean }) => {
    const t = track.current;
    if (!t || t.id !== event.pointerId) return;
    track.current = null;
    if (t.mode === 'undecided') return;
    // Moved: whatever happens next is not a tap.
    swallowClick.current = true;
    if (t.mode !== 'horizontal') return;
    const outcome = cancelled
      ? 0
      : swipeOutcome({ dx: t.dx, durationMs: event.timeStamp - t.time, width: t.width });
    if (outcome !== 0) onSwipe?.(outcome);
    else onDrag?.(0);
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (swallowClick.current) {
      swallowClick.current = false;
      event.preventDefault();
      return;
    }
    // A plain tap may still become a double tap; a modified click (new tab) or a keyboard's
    // Enter/Space on a button (detail 0) never does, so it acts at once.
    const isModified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (!onDoubleTap || isModified || event.detail === 0) {
      onTap?.(event);
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    const point = { x: event.clientX - rect.left, y: event.clientY - rect.top };
    const now = event.timeStamp;
    const previous = lastTap.current;
    const isDouble =
      previous !== null &&
      now - previous.time <= DOUBLE_TAP_MS &&
      Math.hypot(point.x - previous.x, point.y - previous.y) <= DOUBLE_TAP_SLOP_PX;
    clearTimeout(tapTimer.current);
    if (isDouble) {
      lastTap.current = null;
      onDoubleTap(point);
      return;
    }
    lastTap.current = { time: now, ...point };
    if (!onTap) return;
    tapTimer.current = setTimeout(() => {
      lastTap.current = null;
      onTap(event);
    }, DOUBLE_TAP_MS);
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: (event: PointerEvent<HTMLElement>) => finish(event, { cancelled: false }),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => finish(event, { cancelled: true }),
    onClick,
  };
}
