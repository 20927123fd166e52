import type { PostImage } from '@glimpse/shared';
import { useState, type ReactNode } from 'react';
import { useHeartBurst } from '../../components/HeartBurst';
import { SwipeTrack } from '../../components/SwipeTrack';
import { usePhotoGestures, type TapPoint } from '../../components/usePhotoGestures';
import { cx } from '../../lib/cx';
import { useIsPhone } from '../../lib/useMediaQuery';
import { altTextOf, aspectRatioOf, type RatioBounds } from './post-image';
import { photoCountLabel } from './post-text';
import styles from './PostGallery.module.css';
import { ResponsiveImage } from './ResponsiveImage';

/** The gallery shows at most this many tiles; the last one carries "+N" for the rest. */
export const GALLERY_MAX_TILES = 4;
/** The detail column is about half the dialog or the full phone width. */
const GALLERY_SIZES = '(max-width: 900px) 100vw, 600px';
/** A single image keeps its own shape, within 4:5 portrait and 16:9 landscape. */
const SINGLE_RATIO_BOUNDS: RatioBounds = { min: 4 / 5, max: 16 / 9 };

export interface PostGalleryProps {
  images: PostImage[];
  /** Alt text fallback (the post title). */
  title: string;
  /** Opens the full-size viewer at an image. */
  onOpenImage: (index: number) => void;
  /** A double tap or double click on a photo; returns whether the like heart should show. */
  onLike?: () => boolean;
}

function photoAlt(image: PostImage, index: number, count: number, title: string): string {
  return altTextOf(image, count > 1 ? `${title} (photo ${index + 1})` : title);
}

/**
 * The detail's images (SPEC §2). On wide screens the layout depends on the count: one large
 * image; two side by side; three as one large and two stacked; four or more as a 2x2 grid whose
 * fourth tile shows "+N" for the images not shown, with a "View all N photos" button underneath.
 * On phones the photos are one full-width strip to swipe through instead. Either way a tap opens
 * the full-size viewer and a double tap likes the post.
 */
export function PostGallery({ images, title, onOpenImage, onLike }: PostGalleryProps) {
  const isPhone = useIsPhone();
  const heart = useHeartBurst();
  const count = images.length;
  if (count === 0) return null;
  const onDoubleTap = onLike
    ? (point: TapPoint | null) => {
        if (onLike()) heart.show(point);
      }
    : undefined;

  return (
    <div className={styles.gallery}>
      {isPhone && count > 1 ? (
        <PhoneStrip images={images} title={title} onOpenImage={onOpenImage} onDoubleTap={onDoubleTap}>
          {heart.element}
        </PhoneStrip>
      ) : (
        <TileGrid images={images} title={title} onOpenImage={onOpenImage} onDoubleTap={onDoubleTap}>
          {heart.element}
        </TileGrid>
      )}
      {count >= GALLERY_MAX_TILES && (
        <button type="button" className={styles.viewAll} onClick={() => onOpenImage(0)}>
          View all {photoCountLabel(count)}
        </button>
      )}
    </div>
  );
}

interface LayoutProps {
  images: PostImage[];
  title: string;
  onOpenImage: (index: number) => void;
  onDoubleTap?: (point: TapPoint | null) => void;
  /** The like heart layer. */
  children: ReactNode;
}

/** Phones: every photo full width, one at a time, with an "i / n" counter. */
function PhoneStrip({ images, title, onOpenImage, onDoubleTap, children }: LayoutProps) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const ratio = aspectRatioOf(images[0], SINGLE_RATIO_BOUNDS);
  return (
    <div className={styles.strip} data-layout="strip">
      <SwipeTrack
        className={styles.stripTrack}
        style={{ aspectRatio: String(ratio) }}
        count={count}
        index={index}
        onIndexChange={setIndex}
        onTap={() => onOpenImage(index)}
        onDoubleTap={onDoubleTap}
        renderSlide={(i, isCurrent) => (
          <ResponsiveImage
            image={images[i]!}
            alt={photoAlt(images[i]!, i, count, title)}
            sizes="100vw"
            priority={isCurrent ? 'eager' : 'lazy'}
          />
        )}
      >
        <span className={styles.counter} aria-live="polite">
          {index + 1} / {count}
        </span>
        {children}
      </SwipeTrack>
      <div className={styles.dots} aria-hidden="true">
        {images.map((image, i) => (
          <span key={`${image.url}-${i}`} className={cx(styles.dot, i === index && styles.dotActive)} />
        ))}
      </div>
      {/* The strip is for fingers; the viewer (with thumbnails) is the keyboard's way through. */}
      <button type="button" className={styles.keyboardOpen} onClick={() => onOpenImage(index)}>
        View photo {index + 1} of {count}
      </button>
    </div>
  );
}

/** Wide screens (and a single photo anywhere): the spec's 1 / 2 / 3 / 4+ layouts. */
function TileGrid({ images, title, onOpenImage, onDoubleTap, children }: LayoutProps) {
  const count = images.length;
  const tiles = images.slice(0, GALLERY_MAX_TILES);
  const hidden = count - tiles.length;
  const layout = count >= GALLERY_MAX_TILES ? 'four' : (['one', 'two', 'three'] as const)[count - 1]!;

  return (
    <div className={styles.gridFrame}>
      <ul
        role="list"
        className={cx(styles.grid, styles[layout])}
        data-layout={count >= 4 ? '4+' : String(count)}
      >
        {tiles.map((image, index) => (
          <Tile
            key={`${image.url}-${index}`}
            image={image}
            index={index}
            count={count}
            hidden={hidden > 0 && index === tiles.length - 1 ? hidden : 0}
            alt={photoAlt(image, index, count, title)}
            onOpen={() => onOpenImage(index)}
            onDoubleTap={onDoubleTap ? () => onDoubleTap(null) : undefined}
          />
        ))}
      </ul>
      {children}
    </div>
  );
}

interface TileProps {
  image: PostImage;
  index: number;
  count: number;
  /** Images beyond the grid, announced on the last tile ("+N"). */
  hidden: number;
  alt: string;
  onOpen: () => void;
  onDoubleTap?: () => void;
}

function Tile({ image, index, count, hidden, alt, onOpen, onDoubleTap }: TileProps) {
  const gestures = usePhotoGestures({ onTap: onOpen, onDoubleTap });
  return (
    <li className={styles.tile}>
      <button
        type="button"
        className={styles.tileButton}
        aria-label={
          hidden > 0
            ? `View photo ${index + 1} of ${count} and ${hidden} more`
            : `View photo ${index + 1} of ${count}`
        }
        onClick={gestures.onClick}
      >
        <ResponsiveImage
          image={image}
          alt={alt}
          sizes={GALLERY_SIZES}
          ratioBounds={count === 1 ? SINGLE_RATIO_BOUNDS : undefined}
          priority={index === 0 ? 'eager' : 'lazy'}
        />
        {hidden > 0 && (
          <span className={styles.more} aria-hidden="true">
            +{hidden}
          </span>
        )}
      </button>
    </li>
  );
}
