import { useEffect, useRef } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import styles from './SuccessModal.module.css';

export interface SuccessModalProps {
  open: boolean;
  title: string;
  message?: string;
  /** The one action, e.g. "Continue to Home". First in tab order, so it gets focus on open. */
  actionLabel: string;
  onAction: () => void;
  /** Escape, overlay click or the close button. Defaults to `onAction`. */
  onClose?: () => void;
  /**
   * Takes the action by itself after this long (ms), saying so under the button; Enter takes it
   * at once wherever the focus is. Without it the modal waits for the person.
   */
  autoContinueMs?: number;
  /** Shown while counting down, e.g. "Taking you to Home...". */
  autoContinueText?: string;
}

/** A confirmation after a finished task (login, sign-up): a check mark, a title, one way onward. */
export function SuccessModal({
  open,
  title,
  message,
  actionLabel,
  onAction,
  onClose,
  autoContinueMs,
  autoContinueText,
}: SuccessModalProps) {
  // The latest handler, so a re-render does not restart the countdown.
  const actionRef = useRef(onAction);
  useEffect(() => {
    actionRef.current = onAction;
  });

  useEffect(() => {
    if (!open || autoContinueMs === undefined) return;
    const timer = setTimeout(() => actionRef.current(), autoContinueMs);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.isComposing) return;
      event.preventDefault();
      actionRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [open, autoContinueMs]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) (onClose ?? onAction)();
      }}
      title={title}
      description={message}
      size="sm"
      align="center"
      icon={
        <span className={styles.check}>
          <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      }
    >
      <Button fullWidth size="lg" onClick={onAction}>
        {actionLabel}
      </Button>
      {autoContinueMs !== undefined && (
        <div className={styles.countdown}>
          <span
            className={styles.countdownBar}
            style={{ animationDuration: `${autoContinueMs}ms` }}
            aria-hidden="true"
          />
          {autoContinueText && <p className={styles.countdownText}>{autoContinueText}</p>}
        </div>
      )}
    </Modal>
  );
}
