import { cx } from '../lib/cx';
import { Button } from './Button';
import styles from './StatePanel.module.css';
import { COMMON_TEXT, OFFLINE_PAGE_TEXT } from '../lib/text';
import { useOnlineStatus } from '../lib/useOnlineStatus';

export interface ErrorStateProps {
  /** The user-facing text, e.g. "Failed to load posts. Please try again." */
  message: string;
  title?: string;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * A failed load: announced as an alert, with "Try Again" when the caller can retry. Offline, it
 * says so first (what failed is most likely the missing network, and nothing was cached).
 */
export function ErrorState({
  message,
  title,
  onRetry,
  retryLabel = COMMON_TEXT.tryAgain,
  headingLevel = 2,
  className,
}: ErrorStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const isOnline = useOnlineStatus();
  return (
    <div className={cx(styles.panel, className)} role="alert">
      {title && <Heading className={styles.title}>{title}</Heading>}
      {!isOnline && <p className={styles.message}>{OFFLINE_PAGE_TEXT}</p>}
      <p className={cx(styles.message, styles.error)}>{message}</p>
      {onRetry && (
        <div className={styles.action}>
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
