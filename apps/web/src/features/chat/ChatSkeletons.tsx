import { Skeleton, SkeletonScreen } from '../../components/Skeleton';
import styles from './ChatSkeletons.module.css';

/** Name and preview widths of the placeholder rows, in turn, so the list does not look stamped. */
const ROW_WIDTHS = [
  ['45%', '80%'],
  ['60%', '65%'],
  ['38%', '90%'],
  ['52%', '70%'],
  ['44%', '55%'],
  ['58%', '85%'],
] as const;

/** The conversation list's shape while it loads (SPEC text "Loading conversations..." is its label). */
export function ConversationListSkeleton({ label }: { label: string }) {
  return (
    <SkeletonScreen label={label}>
      <ul role="list" className={styles.rows} aria-hidden="true">
        {ROW_WIDTHS.map(([name, preview], i) => (
          <li key={i} className={styles.row}>
            <Skeleton shape="circle" width={44} height={44} />
            <span className={styles.lines}>
              <Skeleton width={name} />
              <Skeleton width={preview} height={12} />
            </span>
          </li>
        ))}
      </ul>
    </SkeletonScreen>
  );
}

/** Sent (true) or received bubbles, and their widths. */
const BUBBLES: ReadonlyArray<[boolean, string]> = [
  [false, '55%'],
  [false, '35%'],
  [true, '48%'],
  [false, '62%'],
  [true, '30%'],
  [true, '52%'],
];

/** An open conversation's shape while its messages load. */
export function MessagesSkeleton({ label, className }: { label: string; className?: string }) {
  return (
    <SkeletonScreen label={label} className={className}>
      <div className={styles.bubbles} aria-hidden="true">
        {BUBBLES.map(([isSent, width], i) => (
          <Skeleton key={i} width={width} height={36} className={isSent ? styles.sent : styles.received} />
        ))}
      </div>
    </SkeletonScreen>
  );
}
