import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ROWS, firstScreenCards, useFirstScreenCount } from './useFirstScreenCount';

describe('firstScreenCards', () => {
  it('counts whole rows of the grid: two columns on a phone, one per 226 px wider up', () => {
    expect(firstScreenCards(390)).toBe(2 * FIRST_SCREEN_ROWS);
    expect(firstScreenCards(640)).toBe(2 * FIRST_SCREEN_ROWS);
    expect(firstScreenCards(1280)).toBe(5 * FIRST_SCREEN_ROWS);
  });
});

describe('useFirstScreenCount', () => {
  const width = window.innerWidth;
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  });

  it('on a phone renders the first screen of a page first and the rest once the browser is free', () => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    const { result, rerender } = renderHook(({ total }) => useFirstScreenCount(total), {
      initialProps: { total: 0 },
    });
    expect(result.current).toBe(0);
    rerender({ total: 10 });
    expect(result.current).toBe(6);
    act(() => {
      vi.runAllTimers();
    });
    expect(result.current).toBe(10);
    // Later pages render whole.
    rerender({ total: 20 });
    expect(result.current).toBe(20);
  });

  it("waits for the first screen's eager photos to load before rendering the rest", () => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    const root = document.createElement('div');
    const photo = (loading: 'eager' | 'lazy') => {
      const img = document.createElement('img');
      img.setAttribute('loading', loading);
      let complete = false;
      Object.defineProperty(img, 'complete', { get: () => complete });
      root.append(img);
      return {
        load: () => {
          complete = true;
          img.dispatchEvent(new Event('load'));
        },
      };
    };
    const first = photo('eager');
    const second = photo('eager');
    photo('lazy'); // below the fold: never loads, never waited for
    const { result } = renderHook(() => useFirstScreenCount(10, { current: root }));
    expect(result.current).toBe(6);
    act(() => {
      first.load();
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(6);
    act(() => {
      second.load();
      vi.advanceTimersByTime(0);
    });
    expect(result.current).toBe(10);
  });

  it('renders the rest after a while even when a photo never loads', () => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    const root = document.createElement('div');
    const img = document.createElement('img');
    Object.defineProperty(img, 'complete', { get: () => false });
    root.append(img);
    const { result } = renderHook(() => useFirstScreenCount(10, { current: root }));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(6);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(10);
  });

  it('renders a page that fits the first screen at once', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    const { result } = renderHook(() => useFirstScreenCount(10));
    expect(result.current).toBe(10);
  });
});
