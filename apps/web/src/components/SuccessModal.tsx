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
}

/** A confirmation after a finished task (login, sign-up): a check mark, a title, one way onward. */
export function SuccessModal({ open, title, message, actionLabel, onAction, onClose }: SuccessModalProps) {
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
    </Modal>
  );
}
