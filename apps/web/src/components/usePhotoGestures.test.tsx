import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOUBLE_TAP_MS, swipeOutcome, usePhotoGestures, type PhotoGestureOptions } from './usePhotoGestures';
import { visibleSlides, wrapIndex } from './SwipeTrack';

function Surface(props: PhotoGestureOptions) {
  const gestures = usePhotoGestures(props);
  return <div data-testid="photo" {...gestures} />;
}

// jsdom has no PointerEvent: without it fireEvent.pointer* would carry no coordinates.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
// Testing Library builds events from the document's own window, not from globalThis.
const view = document.defaultView as (Window & { PointerEvent?: unknown }) | null;
if (view && typeof view.PointerEvent === 'undefined') view.PointerEvent = TestPointerEvent;

afterEach(() => vi.useRealTimers());

/** A pointer drag from x0 to x1 (and 100 to y1), as pointer events carry it. */
function drag(el: HTMLElement, x0: number, x1: number, { y1 = 100 } = {}) {
  fireEvent.pointerDown(el, {
    pointerId: 1,
    clientX: x0,
    clientY: 100,
    button: 0,
    pointerType: 'touch',
  });
  fireEvent.pointerMove(el, {
    pointerId: 1,
    clientX: (x0 + x1) / 2,
    clientY: (100 + y1) / 2,
    pointerType: 'touch',
  });
  fireEvent.pointerMove(el, { pointerId: 1, clientX: x1, clientY: y1, pointerType: 'touch' });
  fireEvent.pointerUp(el, {
    pointerId: 1,
    clientX: x1,
    clientY: y1,
    pointerType: 'touch',
  });
}

describe('swipeOutcome', () => {
  it('changes photo past a fifth of the width, or on a quick flick, and snaps back otherwise', () => {
    expect(swipeOutcome({ dx: -100, durationMs: 600, width: 300 })).toBe(1);
    expect(swipeOutcome({ dx: 100, durationMs: 600, width: 300 })).toBe(-1);
    expect(swipeOutcome({ dx: -30, durationMs: 600, width: 300 })).toBe(0);
    expect(swipeOutcome({ dx: -30, durationMs: 40, width: 300 })).toBe(1);
    expect(swipeOutcome({ dx: -10, durationMs: 10, width: 300 })).toBe(0);
  });
});

describe('visibleSlides / wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(0, 0)).toBe(0);
  });

  it('shows each image once around the current one', () => {
    expect(visibleSlides(0, 4, 1)).toEqual([
      { index: 3, slot: -1 },
      { index: 0, slot: 0 },
      { index: 1, slot: 1 },
    ]);
    // Two images: the other one sits on the side being dragged towards.
    expect(visibleSlides(0, 2, -1)).toEqual([
      { index: 0, slot: 0 },
      { index: 1, slot: -1 },
    ]);
    expect(visibleSlides(0, 1, 1)).toEqual([{ index: 0, slot: 0 }]);
  });
});

describe('usePhotoGestures', () => {
  it('a single tap fires once the double-tap window has passed', () => {
    vi.useFakeTimers();
    const onTap = vi.fn();
    const onDoubleTap = vi.fn();
    render(<Surface onTap={onTap} onDoubleTap={onDoubleTap} />);
    fireEvent.click(screen.getByTestId('photo'), { detail: 1, clientX: 10, clientY: 10 });
    expect(onTap).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DOUBLE_TAP_MS + 1);
    expect(onTap).toHaveBeenCalledTimes(1);
    expect(onDoubleTap).not.toHaveBeenCalled();
  });

  it('two taps close together are one double tap, and no tap', () => {
    vi.useFakeTimers();
    const onTap = vi.fn();
    const onDoubleTap = vi.fn();
    render(<Surface onTap={onTap} onDoubleTap={onDoubleTap} />);
    const photo = screen.getByTestId('photo');
    fireEvent.click(photo, { detail: 1, clientX: 50, clientY: 60 });
    vi.advanceTimersByTime(100);
    fireEvent.click(photo, { detail: 2, clientX: 55, clientY: 62 });
    vi.advanceTimersByTime(DOUBLE_TAP_MS * 2);
    expect(onDoubleTap).toHaveBeenCalledTimes(1);
    expect(onDoubleTap.mock.calls[0]?.[0]).toMatchObject({ x: 55, y: 62 });
    expect(onTap).not.toHaveBeenCalled();
  });

  it('a keyboard activation (detail 0) or a modified click acts at once', () => {
    const onTap = vi.fn();
    render(<Surface onTap={onTap} onDoubleTap={vi.fn()} />);
    fireEvent.click(screen.getByTestId('photo'), { detail: 0 });
    fireEvent.click(screen.getByTestId('photo'), { detail: 1, metaKey: true });
    expect(onTap).toHaveBeenCalledTimes(2);
  });

  it('a horizontal drag swipes, follows the finger, and is never a tap', () => {
    vi.useFakeTimers();
    const onTap = vi.fn();
    const onSwipe = vi.fn();
    const onDrag = vi.fn();
    render(<Surface onTap={onTap} onDoubleTap={vi.fn()} onSwipe={onSwipe} onDrag={onDrag} />);
    const photo = screen.getByTestId('photo');
    drag(photo, 250, 50);
    fireEvent.click(photo, { detail: 1 });
    vi.advanceTimersByTime(DOUBLE_TAP_MS * 2);
    expect(onSwipe).toHaveBeenCalledWith(1);
    expect(onDrag).toHaveBeenCalledWith(-100);
    expect(onTap).not.toHaveBeenCalled();
  });

  it('a short drag snaps back, and a vertical one is left to the page', () => {
    const onSwipe = vi.fn();
    const onDrag = vi.fn();
    render(<Surface onSwipe={onSwipe} onDrag={onDrag} />);
    const photo = screen.getByTestId('photo');
    // 12 px: past the drag threshold, too short for a swipe or a flick.
    drag(photo, 100, 88);
    expect(onSwipe).not.toHaveBeenCalled();
    expect(onDrag).toHaveBeenLastCalledWith(0);
    onDrag.mockClear();
    drag(photo, 100, 90, { y1: 300 });
    expect(onSwipe).not.toHaveBeenCalled();
    expect(onDrag).not.toHaveBeenCalled();
  });
});
