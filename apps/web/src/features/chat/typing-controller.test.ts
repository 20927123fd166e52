import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingController, scheduleScrollToBottom } from './typing-controller';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const start = vi.fn();
  const stop = vi.fn();
  return { start, stop, controller: createTypingController({ start, stop }) };
}

describe('typing controller', () => {
  it('starts once at the first keystroke, not again while typing goes on', () => {
    const { start, stop, controller } = setup();
    controller.onInput('h');
    controller.onInput('he');
    controller.onInput('hel');
    expect(start).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();
    expect(controller.isTyping).toBe(true);
  });

  it('stops after 3 s without a keystroke, each keystroke restarting the wait', () => {
    const { start, stop, controller } = setup();
    controller.onInput('h');
    vi.advanceTimersByTime(2_999);
    controller.onInput('hi');
    vi.advanceTimersByTime(2_999);
    expect(stop).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stop).toHaveBeenCalledTimes(1);
    // Typing again after the pause is a new start.
    controller.onInput('hi!');
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('stops when the input is emptied, and the idle timer then stays quiet', () => {
    const { stop, controller } = setup();
    controller.onInput('h');
    controller.onInput('');
    expect(stop).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('stops on send and on dispose, never without a start', () => {
    const { start, stop, controller } = setup();
    controller.onSend();
    controller.dispose();
    expect(stop).not.toHaveBeenCalled();
    controller.onInput('x');
    controller.onSend();
    expect(stop).toHaveBeenCalledTimes(1);
    controller.onInput('y');
    controller.dispose();
    expect(start).toHaveBeenCalledTimes(2);
    expect(stop).toHaveBeenCalledTimes(2);
  });
});

describe('scheduleScrollToBottom', () => {
  it('scrolls after 100 ms, or not at all once cancelled', () => {
    const scroll = vi.fn();
    scheduleScrollToBottom(scroll);
    vi.advanceTimersByTime(99);
    expect(scroll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scroll).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = scheduleScrollToBottom(cancelled);
    cancel();
    vi.advanceTimersByTime(1_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
