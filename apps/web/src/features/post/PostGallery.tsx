import type { PostImage } from '@glimpse/shared';
import { cx } from '../../lib/cx';
import { altTextOf, type RatioBounds } from './post-image';
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
}

/**
 * The detail's images (SPEC §2): the layout depends on the count: one large image; two side by
 * side; three as one large and two stacked; four or more as a 2x2 grid whose fourth tile shows
 * "+N" for the images not shown, with a "View all N photos" button underneath.
 */
export function PostGallery({ images, title, onOpenImage }: PostGalleryProps) {
  const count = images.length;
  if (count === 0) return null;
  const tiles = images.slice(0, GALLERY_MAX_TILES);
  const hidden = count - tiles.length;
  const layout = count >= GALLERY_MAX_TILES ? 'four' : (['one', 'two', 'three'] as const)[count - 1]!;

  return (
    <div className={styles.gallery}>
      <ul
        role="list"
        className={cx(styles.grid, styles[layout])}
        data-layout={count >= 4 ? '4+' : String(count)}
      >
        {tiles.map((image, index) => {
          const isLastWithMore = hidden > 0 && index === tiles.length - 1;
          const alt = altTextOf(image, count > 1 ? `${title} (photo ${index + 1})` : title);
          return (
            <li key={`${image.url}-${index}`} className={styles.tile}>
              <button
                type="button"
                className={styles.tileButton}
                aria-label={
                  isLastWithMore
                    ? `View photo ${index + 1} of ${count} and ${hidden} more`
                    : `View photo ${index + 1} of ${count}`
                }
                onClick={() => onOpenImage(index)}
              >
                <ResponsiveImage
                  image={image}
                  alt={alt}
                  sizes={GALLERY_SIZES}
                  ratioBounds={count === 1 ? SINGLE_RATIO_BOUNDS : undefined}
                  priority={index === 0}
                />
                {isLastWithMore && (
                  <span className={styles.more} aria-hidden="true">
                    +{hidden}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {count >= GALLERY_MAX_TILES && (
        <button type="button" className={styles.viewAll} onClick={() => onOpenImage(0)}>
          View all {photoCountLabel(count)}
        </button>
      )}
    </div>
  );
}
