import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad } from './idle';

describe('afterPageLoad', () => {
  let readyState: DocumentReadyState;
  beforeEach(() => {
    vi.useFakeTimers();
    readyState = 'loading';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits for the page to load, then for an idle moment', () => {
    const work = vi.fn();
    afterPageLoad(work, 3000);
    vi.advanceTimersByTime(1000);
    expect(work).not.toHaveBeenCalled();
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    expect(work).not.toHaveBeenCalled(); // the idle moment comes after
    vi.advanceTimersByTime(600);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at the deadline when the page never finishes loading', () => {
    const work = vi.fn();
    afterPageLoad(work, 3000);
    vi.advanceTimersByTime(2999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(1000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs soon when the page has already loaded, and never once cancelled', () => {
    readyState = 'complete';
    const work = vi.fn();
    afterPageLoad(work, 3000);
    vi.advanceTimersByTime(600);
    expect(work).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = afterPageLoad(cancelled, 3000);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
