import type { Post } from '@glimpse/shared';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { PostCard } from './PostCard';
import type { ImagePriority } from './ResponsiveImage';
import styles from './PostGrid.module.css';
import { isMasonrySupported, useMasonryItem } from './useMasonryItem';

/** Cards likely above the fold load their image eagerly. */
const EAGER_CARDS = 4;

/**
 * The first card's photo is the likely largest paint of a feed: it goes first in the browser's
 * queue; the next few are eager, the rest wait until near the viewport.
 */
export function cardImagePriority(index: number): ImagePriority {
  if (index === 0) return 'high';
  return index < EAGER_CARDS ? 'eager' : 'lazy';
}

export interface PostGridProps {
  posts: readonly Post[];
  /** Opens a post in place (e.g. a detail modal); without it a card navigates to /posts/{id}. */
  onOpenPost?: (post: Post) => void;
  /** Enables Follow buttons on cards (signed in, not one's own posts). */
  onFollow?: (post: Post) => void;
  /** Accessible name of the list. */
  label?: string;
  className?: string;
}

function GridItem({ children }: { children: ReactNode }) {
  const ref = useMasonryItem<HTMLLIElement>();
  return (
    <li ref={ref} className={styles.item}>
      <div className={styles.itemInner}>{children}</div>
    </li>
  );
}

/** A masonry grid of PostCards, like RED's feed: 2 columns on phones, up to 5 on wide screens. */
export function PostGrid({ posts, onOpenPost, onFollow, label = 'Posts', className }: PostGridProps) {
  return (
    <ul
      role="list"
      aria-label={label}
      className={cx(styles.grid, isMasonrySupported() && styles.masonry, className)}
    >
      {posts.map((post, index) => (
        <GridItem key={post.id}>
          <PostCard post={post} onOpen={onOpenPost} onFollow={onFollow} priority={cardImagePriority(index)} />
        </GridItem>
      ))}
    </ul>
  );
}
