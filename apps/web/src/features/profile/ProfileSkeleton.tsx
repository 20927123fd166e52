import { Skeleton, SkeletonScreen } from '../../components/Skeleton';
import { PostGridBones } from '../post';
import styles from './ProfilePage.module.css';

/** A profile's shape (avatar, name, bio, counts, then posts) while it loads. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <SkeletonScreen label={label} className={styles.page}>
      <div className={styles.header}>
        <Skeleton shape="circle" width={96} height={96} />
        <div className={styles.identity}>
          <Skeleton width={180} height={24} />
          <Skeleton width={110} />
          <Skeleton width="80%" />
          <Skeleton width="55%" />
          <div className={styles.skeletonStats}>
            <Skeleton width={64} height={36} />
            <Skeleton width={64} height={36} />
            <Skeleton width={64} height={36} />
          </div>
        </div>
      </div>
      <div className={styles.tabsCard}>
        <div className={styles.panel}>
          <PostGridBones count={4} />
        </div>
      </div>
    </SkeletonScreen>
  );
}
