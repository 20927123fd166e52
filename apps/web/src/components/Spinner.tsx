import { cx } from '../lib/cx';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name; ignored when decorative. */
  label?: string;
  /** Inside something that already says it is loading (a busy button): hidden from assistive tech. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', decorative = false, className }: SpinnerProps) {
  if (decorative) return <span className={cx(styles.spinner, styles[size], className)} aria-hidden="true" />;
  return <span className={cx(styles.spinner, styles[size], className)} role="img" aria-label={label} />;
}

export interface LoadingStateProps {
  /** Visible text, e.g. "Loading post..." or "Loading more posts...". */
  message?: string;
  className?: string;
}

/** A centred spinner with a visible message, announced politely. */
export function LoadingState({ message = 'Loading...', className }: LoadingStateProps) {
  return (
    <div className={cx(styles.state, className)} role="status">
      <Spinner decorative />
      <p className={styles.message}>{message}</p>
    </div>
  );
}
