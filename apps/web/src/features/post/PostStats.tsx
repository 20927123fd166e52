import { abbreviateCount, type Post } from '@glimpse/shared';
import type { ReactNode } from 'react';
import { EyeIcon, HeartIcon, ShareIcon, SpeechBubbleIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { countLabel } from './post-text';
import styles from './PostStats.module.css';

export interface PostStatsProps {
  post: Pick<Post, 'analytics' | 'likesCount' | 'commentsCount' | 'sharesCount' | 'isLikedByUser'>;
  /** `compact`: icons and short numbers (cards); `full`: icons with the words (detail). */
  variant?: 'compact' | 'full';
  className?: string;
}

interface Stat {
  key: string;
  icon: ReactNode;
  count: number;
  label: string;
}

/**
 * Views, likes, comments and shares. Each entry reads as "12 likes" to assistive tech (and as a
 * tooltip), even where the screen only has room for an icon and "1.2K".
 */
export function PostStats({ post, variant = 'compact', className }: PostStatsProps) {
  const stats: Stat[] = [
    { key: 'views', icon: <EyeIcon size={16} />, count: post.analytics?.views ?? 0, label: 'view' },
    {
      key: 'likes',
      icon: <HeartIcon size={16} filled={post.isLikedByUser} />,
      count: post.likesCount,
      label: 'like',
    },
    { key: 'comments', icon: <SpeechBubbleIcon size={16} />, count: post.commentsCount, label: 'comment' },
    { key: 'shares', icon: <ShareIcon size={16} />, count: post.sharesCount, label: 'share' },
  ];

  return (
    <ul role="list" className={cx(styles.stats, styles[variant], className)} aria-label="Post stats">
      {stats.map((stat) => {
        const text = countLabel(stat.count, stat.label);
        return (
          <li
            key={stat.key}
            className={cx(styles.stat, stat.key === 'likes' && post.isLikedByUser && styles.liked)}
            title={text}
          >
            {stat.icon}
            {variant === 'compact' ? (
              <>
                <span aria-hidden="true">{abbreviateCount(stat.count)}</span>
                <span className="visually-hidden">{text}</span>
              </>
            ) : (
              <span>{text}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
