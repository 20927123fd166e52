import { SCROLL_TO_BOTTOM_DELAY_MS, TYPING_IDLE_MS } from '@glimpse/shared';

/**
 * SPEC §4 "Typing": typing_start at the first keystroke; typing_stop when the input is emptied, on
 * send, or after 3 s without a keystroke. One controller per open chat; `dispose` on leaving it,
 * so a partner never sees "is typing..." for a chat the user walked away from.
 */
export interface TypingController {
  /** Call with the input's new value after every change. */
  onInput: (value: string) => void;
  onSend: () => void;
  dispose: () => void;
  readonly isTyping: boolean;
}

export interface TypingControllerOptions {
  start: () => void;
  stop: () => void;
  idleMs?: number;
}

export function createTypingController({
  start,
  stop,
  idleMs = TYPING_IDLE_MS,
}: TypingControllerOptions): TypingController {
  let isTyping = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const clearIdle = () => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  const stopTyping = () => {
    clearIdle();
    if (!isTyping) return;
    isTyping = false;
    stop();
  };

  return {
    onInput(value) {
      if (value === '') {
        stopTyping();
        return;
      }
      if (!isTyping) {
        isTyping = true;
        start();
      }
      clearIdle();
      idleTimer = setTimeout(stopTyping, idleMs);
    },
    onSend: stopTyping,
    dispose: stopTyping,
    get isTyping() {
      return isTyping;
    },
  };
}

/**
 * SPEC §4: an incoming message in the open chat scrolls the view down after 100 ms (the new
 * bubble has been laid out by then). Returns a cancel function for effect clean-up.
 */
export function scheduleScrollToBottom(
  scroll: () => void,
  delayMs: number = SCROLL_TO_BOTTOM_DELAY_MS,
): () => void {
  const timer = setTimeout(scroll, delayMs);
  return () => clearTimeout(timer);
}
