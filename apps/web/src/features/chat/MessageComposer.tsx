import { MESSAGE_MAX_LENGTH } from '@glimpse/shared';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { emitTyping } from '../../api/socket';
import { restoreDraft } from '../../api/chat/message-logic';
import styles from './ConversationPane.module.css';
import { createTypingController, type TypingController } from './typing-controller';
import { useSendMessage } from './useSendMessage';

/** The textarea grows with its text up to this height, then scrolls. */
const MAX_INPUT_HEIGHT_PX = 140;

export interface MessageComposerProps {
  chatId: string;
  /** While not connected nothing can be sent: input and button are disabled (SPEC §2, §5). */
  isConnected: boolean;
}

/**
 * "Type a message...": Enter sends, Shift+Enter breaks the line; typing events go out as you type.
 * Mounted per conversation, it takes the focus when the conversation opens.
 */
export function MessageComposer({ chatId, isConnected }: MessageComposerProps) {
  const [value, setValue] = useState('');
  const send = useSendMessage(chatId);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const typingRef = useRef<TypingController | null>(null);
  const hasFocusedRef = useRef(false);

  // Opening a conversation is opening it to write: the cursor goes to the input (once it can
  // take it, the socket being up), unless the person is already typing somewhere else.
  useEffect(() => {
    const input = inputRef.current;
    if (hasFocusedRef.current || !isConnected || !input) return;
    hasFocusedRef.current = true;
    const active = document.activeElement;
    const isBusyElsewhere =
      active instanceof HTMLElement &&
      active !== input &&
      (active.matches('input, textarea, [contenteditable="true"]') || active.closest('[role="dialog"]'));
    if (!isBusyElsewhere) input.focus({ preventScroll: true });
  }, [isConnected]);

  useEffect(() => {
    const controller = createTypingController({
      start: () => emitTyping(chatId, true),
      stop: () => emitTyping(chatId, false),
    });
    typingRef.current = controller;
    return () => controller.dispose();
  }, [chatId]);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, MAX_INPUT_HEIGHT_PX)}px`;
  }, [value]);

  const canSend = isConnected && value.trim().length > 0;

  const submit = async () => {
    const text = value;
    if (!isConnected || !text.trim()) return;
    setValue('');
    typingRef.current?.onSend();
    const isSent = await send(text);
    if (!isSent) setValue((current) => restoreDraft(current, text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME's Enter picks a candidate (Chinese, Japanese input): it must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <textarea
        ref={inputRef}
        className={styles.input}
        rows={1}
        value={value}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder="Type a message..."
        aria-label="Message"
        disabled={!isConnected}
        onChange={(event) => {
          setValue(event.target.value);
          typingRef.current?.onInput(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className={styles.sendButton} aria-label="Send message" disabled={!canSend}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 19V5M6 11l6-6 6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </form>
  );
}
