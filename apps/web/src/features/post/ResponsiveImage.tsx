import type { PostImage } from '@glimpse/shared';
import { useEffect, useState, type CSSProperties } from 'react';
import { cx } from '../../lib/cx';
import { whenIdle } from '../../lib/idle';
import {
  aspectRatioOf,
  buildSrcSet,
  decodedPlaceholder,
  placeholderColor,
  placeholderToDataUrl,
  type RatioBounds,
} from './post-image';
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

/** How long a blurred preview may wait for the browser to be idle. */
const PREVIEW_TIMEOUT_MS = 500;

/**
 * The blurred preview of a ThumbHash: at once if it was decoded before, else decoded when the
 * browser is idle, and never once the photo itself is in. Decoding is ~10 ms a photo on a slow
 * phone's main thread: done in the first render of a feed, it delayed the first photo's request
 * and paint; the average colour stands in until then (placeholderColor).
 */
function usePreview(hash: string | null | undefined, photoLoaded: boolean): string | null {
  const [decoded, setDecoded] = useState<{ hash: string; url: string | null } | null>(null);
  const known = decoded && decoded.hash === hash ? decoded.url : decodedPlaceholder(hash);
  useEffect(() => {
    if (known !== undefined || photoLoaded || !hash) return;
    return whenIdle(() => setDecoded({ hash, url: placeholderToDataUrl(hash) }), PREVIEW_TIMEOUT_MS);
  }, [hash, known, photoLoaded]);
  return known ?? null;
}

/**
 * One post image: its average colour, then the blurred ThumbHash, then the best-sized variant,
 * never a layout shift.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  ratioBounds,
  fit = 'cover',
  priority = 'lazy',
  className,
}: ResponsiveImageProps) {
  const [photoLoaded, setPhotoLoaded] = useState(false);
  const preview = usePreview(image.placeholder, photoLoaded);
  const colour = placeholderColor(image.placeholder);
  const style: CSSProperties = {};
  if (ratioBounds)
    style.aspectRatio = String(aspectRatioOf(image, ratioBounds === 'natural' ? undefined : ratioBounds));
  if (colour) style.backgroundColor = colour;
  if (preview) style.backgroundImage = `url("${preview}")`;

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
        onLoad={() => setPhotoLoaded(true)}
      />
    </div>
  );
}
