import type { PostImage } from '@glimpse/shared';
import { useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PhotosIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { altTextOf, aspectRatioOf, CARD_RATIO_BOUNDS } from './post-image';
import { photoCountLabel } from './post-text';
import styles from './CardCarousel.module.css';
import { ResponsiveImage } from './ResponsiveImage';

/** Cards are about a fifth of the page on desktop and half of it on phones. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 280px';

export interface CardCarouselProps {
  images: PostImage[];
  /** Alt text fallback when an image has neither alt text nor caption. */
  title: string;
  priority?: boolean;
}

/** Next index with wrap-around at both ends (SPEC §2: previous from the first goes to the last). */
export function wrapIndex(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0;
}

/**
 * The image area of a card: one image, or a carousel that wraps both ways with an "i / n"
 * counter and a "{n} photos" badge. The frame keeps the first image's ratio, so moving between
 * images never changes the card's height (the masonry grid would reflow otherwise).
 */
export function CardCarousel({ images, title, priority = false }: CardCarouselProps) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[wrapIndex(index, count)];
  if (!current) return null;
  const ratio = aspectRatioOf(images[0], CARD_RATIO_BOUNDS);

  const go = (delta: number) => (event: React.MouseEvent) => {
    // The card around us is a link: paging through photos must not open the post.
    event.preventDefault();
    event.stopPropagation();
    setIndex((i) => wrapIndex(i + delta, count));
  };

  return (
    <div className={styles.carousel} style={{ aspectRatio: String(ratio) }}>
      <ResponsiveImage
        key={current.url}
        image={current}
        alt={altTextOf(current, count > 1 ? `${title} (photo ${wrapIndex(index, count) + 1})` : title)}
        sizes={CARD_IMAGE_SIZES}
        priority={priority}
      />
      {count > 1 && (
        <>
          <span className={cx(styles.badge, styles.photos)}>
            <PhotosIcon />
            {photoCountLabel(count)}
          </span>
          <button
            type="button"
            className={cx(styles.nav, styles.prev)}
            aria-label="Previous photo"
            onClick={go(-1)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className={cx(styles.nav, styles.next)}
            aria-label="Next photo"
            onClick={go(1)}
          >
            <ChevronRightIcon />
          </button>
          <span className={cx(styles.badge, styles.counter)} aria-live="polite">
            {wrapIndex(index, count) + 1} / {count}
          </span>
        </>
      )}
    </div>
  );
}
