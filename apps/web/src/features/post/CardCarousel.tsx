import type { PostImage } from '@glimpse/shared';
import { useState, type MouseEvent } from 'react';
import { useHeartBurst } from '../../components/HeartBurst';
import { ChevronLeftIcon, ChevronRightIcon, PhotosIcon } from '../../components/icons';
import { SwipeTrack, wrapIndex } from '../../components/SwipeTrack';
import type { TapPoint } from '../../components/usePhotoGestures';
import { cx } from '../../lib/cx';
import { altTextOf, aspectRatioOf, CARD_RATIO_BOUNDS } from './post-image';
import { photoCountLabel } from './post-text';
import styles from './CardCarousel.module.css';
import { ResponsiveImage, type ImagePriority } from './ResponsiveImage';
import { COMMON_TEXT } from '../../lib/text';

export { wrapIndex };

/** Cards are about a fifth of the page on desktop and half of it on phones. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 280px';

export interface CardCarouselProps {
  images: PostImage[];
  /** Alt text fallback when an image has neither alt text nor caption. */
  title: string;
  /** For the first photo; the others are fetched when paged to. */
  priority?: ImagePriority;
  /** A tap or click on a photo (after the double-tap window): open the post. */
  onOpen?: (event: MouseEvent<HTMLElement>) => void;
  /** A double tap or double click on a photo; returns whether the like heart should show. */
  onLike?: () => boolean;
}

/**
 * The image area of a card: one image, or a carousel that wraps both ways with an "i / n"
 * counter and a "{n} photos" badge. Swipe (or drag) between photos; the arrow buttons are for
 * mouse and keyboard and stay out of sight on touch screens until focused. A tap opens the
 * post, a double tap likes it with a heart. The frame keeps the first image's ratio, so moving
 * between images never changes the card's height (the masonry grid would reflow otherwise).
 */
export function CardCarousel({ images, title, priority = 'lazy', onOpen, onLike }: CardCarouselProps) {
  const [index, setIndex] = useState(0);
  const heart = useHeartBurst();
  const count = images.length;
  const position = wrapIndex(index, count);
  if (count === 0) return null;
  const ratio = aspectRatioOf(images[0], CARD_RATIO_BOUNDS);

  const go = (delta: number) => (event: MouseEvent) => {
    // The card is a link and the photo area opens it: paging through photos must do neither.
    event.preventDefault();
    event.stopPropagation();
    setIndex((i) => wrapIndex(i + delta, count));
  };

  const onDoubleTap = (point: TapPoint) => {
    if (onLike?.()) heart.show(point);
  };

  return (
    <SwipeTrack
      className={styles.carousel}
      style={{ aspectRatio: String(ratio) }}
      count={count}
      index={position}
      onIndexChange={setIndex}
      onTap={onOpen}
      onDoubleTap={onLike ? onDoubleTap : undefined}
      renderSlide={(i, isCurrent) => {
        const image = images[i]!;
        return (
          <ResponsiveImage
            image={image}
            alt={altTextOf(image, count > 1 ? COMMON_TEXT.nthPhoto(title, i) : title)}
            sizes={CARD_IMAGE_SIZES}
            priority={isCurrent ? priority : 'lazy'}
          />
        );
      }}
    >
      {count > 1 && (
        <>
          <span className={cx(styles.badge, styles.photos)}>
            <PhotosIcon />
            {photoCountLabel(count)}
          </span>
          <button
            type="button"
            className={cx(styles.nav, styles.prev)}
            aria-label={COMMON_TEXT.previousPhoto}
            onClick={go(-1)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className={cx(styles.nav, styles.next)}
            aria-label={COMMON_TEXT.nextPhoto}
            onClick={go(1)}
          >
            <ChevronRightIcon />
          </button>
          <span className={cx(styles.badge, styles.counter)} aria-live="polite">
            {position + 1} / {count}
          </span>
        </>
      )}
      {heart.element}
    </SwipeTrack>
  );
}
