import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './StatePanel.module.css';

export interface EmptyStateProps {
  /** e.g. "No posts found". */
  title: string;
  /** e.g. "Try adjusting your filters or search query." */
  message?: string;
  /** An optional way onward, e.g. an "Explore Posts" link. */
  action?: ReactNode;
  /** Heading level of the title, so the page's outline stays in order. */
  headingLevel?: 2 | 3;
  className?: string;
}

export function EmptyState({ title, message, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={cx(styles.panel, className)}>
      <Heading className={styles.title}>{title}</Heading>
      {message && <p className={styles.message}>{message}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
