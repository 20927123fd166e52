import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dismissOutcome, dragAxis, isScrolledToTop, useDragToDismiss } from './useDragToDismiss';

describe('drag to dismiss: the rule', () => {
  it('follows a touch that goes down, leaves sideways and upward ones (photo swipes, scrolls) alone', () => {
    expect(dragAxis(2, 5)).toBe('undecided');
    expect(dragAxis(3, 20)).toBe('down');
    expect(dragAxis(-12, 30)).toBe('down');
    expect(dragAxis(30, 12)).toBe('other');
    expect(dragAxis(-30, 29)).toBe('other');
    expect(dragAxis(0, -20)).toBe('other');
  });

  it('closes past a quarter of the height (at least 120 px) or on a quick flick; snaps back otherwise', () => {
    expect(dismissOutcome({ dy: 220, durationMs: 800, height: 844 })).toBe(true);
    expect(dismissOutcome({ dy: 200, durationMs: 800, height: 844 })).toBe(false);
    expect(dismissOutcome({ dy: 130, durationMs: 800, height: 300 })).toBe(true);
    expect(dismissOutcome({ dy: 100, durationMs: 800, height: 300 })).toBe(false);
    expect(dismissOutcome({ dy: 60, durationMs: 60, height: 844 })).toBe(true);
    expect(dismissOutcome({ dy: 30, durationMs: 10, height: 844 })).toBe(false);
    expect(dismissOutcome({ dy: 0, durationMs: 10, height: 844 })).toBe(false);
  });

  it('starts only when the sheet and everything scrollable under the finger is at its top', () => {
    const sheet = document.createElement('div');
    const list = document.createElement('div');
    const item = document.createElement('p');
    list.append(item);
    sheet.append(list);
    expect(isScrolledToTop(item, sheet)).toBe(true);
    list.scrollTop = 40;
    Object.defineProperty(list, 'scrollTop', { value: 40, configurable: true });
    expect(isScrolledToTop(item, sheet)).toBe(false);
    Object.defineProperty(list, 'scrollTop', { value: 0, configurable: true });
    Object.defineProperty(sheet, 'scrollTop', { value: 10, configurable: true });
    expect(isScrolledToTop(item, sheet)).toBe(false);
  });
});

function Sheet({ onDismiss }: { onDismiss: () => void }) {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  useDragToDismiss(el, { enabled: true, onDismiss });
  return (
    <div ref={setEl} data-testid="sheet">
      <p>content</p>
    </div>
  );
}

/** jsdom has no Touch: an event carrying `touches` as the hook reads them. */
function touch(el: Element, type: string, points: Array<{ x: number; y: number }>, timeStamp: number) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  const touches = points.map((p) => ({ clientX: p.x, clientY: p.y }));
  Object.defineProperties(event, {
    touches: { value: touches },
    timeStamp: { value: timeStamp },
  });
  el.dispatchEvent(event);
  return event;
}

function dragDown(el: Element, toY: number, { x1 = 100, durationMs = 1000 } = {}) {
  touch(el, 'touchstart', [{ x: 100, y: 100 }], 0);
  touch(el, 'touchmove', [{ x: (100 + x1) / 2, y: (100 + toY) / 2 }], durationMs / 2);
  const last = touch(el, 'touchmove', [{ x: x1, y: toY }], durationMs);
  touch(el, 'touchend', [], durationMs);
  return last;
}

describe('useDragToDismiss', () => {
  it('moves the sheet with the finger and closes it past the threshold', () => {
    const onDismiss = vi.fn();
    render(<Sheet onDismiss={onDismiss} />);
    const sheet = screen.getByTestId('sheet');
    touch(sheet, 'touchstart', [{ x: 100, y: 100 }], 0);
    const move = touch(sheet, 'touchmove', [{ x: 104, y: 180 }], 500);
    expect(sheet.style.transform).toBe('translateY(80px)');
    expect(move.defaultPrevented).toBe(true);
    touch(sheet, 'touchmove', [{ x: 104, y: 400 }], 1000);
    touch(sheet, 'touchend', [], 1000);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('snaps back after a short drag, and ignores a sideways one', () => {
    const onDismiss = vi.fn();
    render(<Sheet onDismiss={onDismiss} />);
    const sheet = screen.getByTestId('sheet');
    dragDown(sheet, 160);
    expect(onDismiss).not.toHaveBeenCalled();
    expect(sheet.style.transform).toBe('');
    const sideways = dragDown(sheet, 160, { x1: 400, durationMs: 100 });
    expect(sideways.defaultPrevented).toBe(false);
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
