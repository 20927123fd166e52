import type { PostImage } from '@glimpse/shared';
import type { CSSProperties } from 'react';
import { cx } from '../../lib/cx';
import { aspectRatioOf, buildSrcSet, placeholderToDataUrl, type RatioBounds } from './post-image';
import styles from './ResponsiveImage.module.css';

/**
 * How soon an image is fetched: `high` for the one most likely to be the largest paint (eager, and
 * ahead of other images in the browser's queue), `eager` for the rest above the fold, `lazy` for
 * everything that waits until near the viewport.
 */
export type ImagePriority = 'high' | 'eager' | 'lazy';

export interface ResponsiveImageProps {
  image: PostImage;
  alt: string;
  /** The `sizes` attribute: how wide the image renders, so the browser picks a variant. */
  sizes: string;
  /** Reserve the box from the image's own ratio (clamped to these bounds); omit to fill the parent. */
  ratioBounds?: RatioBounds | 'natural';
  fit?: 'cover' | 'contain';
  /** Above-the-fold images load eagerly; everything else waits until near the viewport. */
  priority?: ImagePriority;
  className?: string;
}

/** One post image: blurred ThumbHash first, then the best-sized variant, never a layout shift. */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  ratioBounds,
  fit = 'cover',
  priority = 'lazy',
  className,
}: ResponsiveImageProps) {
  const placeholder = placeholderToDataUrl(image.placeholder);
  const style: CSSProperties = {};
  if (ratioBounds)
    style.aspectRatio = String(aspectRatioOf(image, ratioBounds === 'natural' ? undefined : ratioBounds));
  if (placeholder) style.backgroundImage = `url("${placeholder}")`;

  return (
    <div className={cx(styles.frame, !ratioBounds && styles.fill, className)} style={style}>
      <img
        className={cx(styles.image, fit === 'contain' && styles.contain)}
        src={image.url}
        srcSet={buildSrcSet(image)}
        sizes={sizes}
        alt={alt}
        width={image.width || undefined}
        height={image.height || undefined}
        loading={priority === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        decoding="async"
        draggable={false}
      />
    </div>
  );
}
