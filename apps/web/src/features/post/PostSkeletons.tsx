import { Skeleton, SkeletonScreen } from '../../components/Skeleton';
import gridStyles from './PostGrid.module.css';
import styles from './PostSkeletons.module.css';

/** Photo heights of the placeholder cards, in turn: a masonry of mixed shapes, like the real one. */
const CARD_RATIOS = [3 / 4, 1, 4 / 3, 1, 3 / 4, 4 / 3, 1, 3 / 4];

export interface PostGridSkeletonProps {
  /** e.g. "Loading posts..." (announced, not shown). */
  label: string;
  count?: number;
}

/** Placeholder cards in the feed's own grid while its first page loads. */
export function PostGridSkeleton({ label, count = 8 }: PostGridSkeletonProps) {
  return (
    <SkeletonScreen label={label}>
      <PostGridBones count={count} />
    </SkeletonScreen>
  );
}

/** The placeholder cards alone, for a bigger skeleton that already says what is loading. */
export function PostGridBones({ count = 8 }: { count?: number }) {
  return (
    <ul role="list" className={gridStyles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.card}>
          <Skeleton
            shape="block"
            height="auto"
            style={{ aspectRatio: String(CARD_RATIOS[i % CARD_RATIOS.length]), borderRadius: 0 }}
          />
          <div className={styles.cardBody}>
            <Skeleton width="35%" height={14} />
            <Skeleton width="90%" />
            <Skeleton width="70%" />
            <div className={styles.byline}>
              <Skeleton shape="circle" width={24} height={24} />
              <Skeleton width="50%" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The post page's shape (photo, author, title, text) while the post loads. */
export function PostDetailSkeleton({ label }: { label: string }) {
  return (
    <SkeletonScreen label={label} className={styles.detail}>
      <Skeleton shape="block" height="auto" className={styles.detailPhoto} />
      <div className={styles.detailSide}>
        <div className={styles.byline}>
          <Skeleton shape="circle" />
          <div className={styles.lines}>
            <Skeleton width={140} />
            <Skeleton width={90} />
          </div>
        </div>
        <Skeleton width="30%" height={14} />
        <Skeleton width="80%" height={24} />
        <Skeleton />
        <Skeleton />
        <Skeleton width="60%" />
      </div>
    </SkeletonScreen>
  );
}
