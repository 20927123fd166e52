import type { Post } from '@glimpse/shared';
import { useMemo, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { PostCard } from './PostCard';
import type { ImagePriority } from './ResponsiveImage';
import styles from './PostGrid.module.css';
import { masonryPlacement, type MasonryItemPlacement } from './masonry-placement';
import { isMasonrySupported, MASONRY_GRID_ATTRIBUTE, useMasonryItem } from './useMasonryItem';

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

function GridItem({ children, placement }: { children: ReactNode; placement: MasonryItemPlacement }) {
  const ref = useMasonryItem<HTMLLIElement>();
  return (
    <li ref={ref} className={styles.item} {...placement}>
      <div className={styles.itemInner}>{children}</div>
    </li>
  );
}

/**
 * A masonry grid of PostCards, like RED's feed: 2 columns on phones, up to 5 on wide screens.
 * Each card's column is decided from the posts (masonry-placement.ts), the same on the server and
 * in the browser; script only sizes the rows (useMasonryItem).
 */
export function PostGrid({ posts, onOpenPost, onFollow, label = 'Posts', className }: PostGridProps) {
  const placement = useMemo(() => masonryPlacement(posts), [posts]);
  const masonry = isMasonrySupported();
  return (
    <div className={styles.frame}>
      <ul
        role="list"
        aria-label={label}
        className={cx(styles.grid, masonry && styles.masonry, className)}
        {...(masonry && { [MASONRY_GRID_ATTRIBUTE]: '' })}
      >
        {posts.map((post, index) => (
          <GridItem key={post.id} placement={placement[index]!}>
            <PostCard
              post={post}
              onOpen={onOpenPost}
              onFollow={onFollow}
              priority={cardImagePriority(index)}
            />
          </GridItem>
        ))}
      </ul>
    </div>
  );
}
