import type { PostImage } from '@glimpse/shared';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Modal } from '../../components/Modal';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../components/icons';
import { SwipeTrack, wrapIndex } from '../../components/SwipeTrack';
import { cx } from '../../lib/cx';
import styles from './ImageViewer.module.css';
import { altTextOf, buildSrcSet, placeholderToDataUrl } from './post-image';
import { COMMON_TEXT } from '../../lib/text';

export interface ImageViewerProps {
  images: PostImage[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The image shown when it opens. */
  initialIndex?: number;
  /** Alt text fallback (the post title). */
  title: string;
  /** Caption when an image has none: makeExcerpt(post.content). */
  fallbackCaption?: string;
}

/**
 * The full-size viewer (SPEC §2): its own dialog over the post, previous/next buttons, the arrow
 * keys and swipes (wrapping at both ends), Escape to close, an "i / n" counter, a strip of
 * thumbnails (always whole: the photo takes what is left) and the image's caption.
 */
export function ImageViewer({
  images,
  open,
  onOpenChange,
  initialIndex = 0,
  title,
  fallbackCaption = '',
}: ImageViewerProps) {
  const [index, setIndex] = useState(initialIndex);
  const count = images.length;
  const current = images[wrapIndex(index, count)];
  const activeThumb = useRef<HTMLButtonElement | null>(null);

  // Each opening starts at the image that was clicked.
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setIndex(initialIndex);
  }

  useEffect(() => {
    activeThumb.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [index]);

  if (!current) return null;
  const position = wrapIndex(index, count);
  const go = (delta: number) => setIndex((i) => wrapIndex(i + delta, count));
  const caption = current.caption?.trim() || fallbackCaption;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`${title}: photos`}
      hideTitle
      showCloseButton={false}
      size="full"
      className={styles.viewer}
      dragToDismiss
    >
      <div className={styles.layout} onKeyDown={onKeyDown}>
        <div className={styles.top}>
          <p className={styles.counter} aria-live="polite">
            {position + 1} / {count}
          </p>
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Close"
            onClick={() => onOpenChange(false)}
          >
            <CloseIcon />
          </button>
        </div>

        <SwipeTrack
          className={styles.stage}
          count={count}
          index={position}
          onIndexChange={setIndex}
          renderSlide={(i) => {
            const image = images[i]!;
            const placeholder = placeholderToDataUrl(image.placeholder);
            return (
              <div
                className={styles.slide}
                style={placeholder ? { backgroundImage: `url("${placeholder}")` } : undefined}
              >
                <img
                  className={styles.image}
                  src={image.url}
                  srcSet={buildSrcSet(image)}
                  sizes="100vw"
                  alt={altTextOf(image, count > 1 ? COMMON_TEXT.nthPhoto(title, i) : title)}
                  draggable={false}
                />
              </div>
            );
          }}
        >
          {count > 1 && (
            <>
              <button
                type="button"
                className={cx(styles.iconButton, styles.nav, styles.prev)}
                aria-label={COMMON_TEXT.previousPhoto}
                onClick={(event) => {
                  event.stopPropagation();
                  go(-1);
                }}
              >
                <ChevronLeftIcon size={28} />
              </button>
              <button
                type="button"
                className={cx(styles.iconButton, styles.nav, styles.next)}
                aria-label={COMMON_TEXT.nextPhoto}
                onClick={(event) => {
                  event.stopPropagation();
                  go(1);
                }}
              >
                <ChevronRightIcon size={28} />
              </button>
            </>
          )}
        </SwipeTrack>

        {caption && <p className={styles.caption}>{caption}</p>}

        {count > 1 && (
          <ul role="list" className={styles.thumbs} aria-label="Thumbnails">
            {images.map((image, i) => (
              <li key={`${image.url}-${i}`}>
                <button
                  type="button"
                  ref={i === position ? activeThumb : undefined}
                  className={cx(styles.thumb, i === position && styles.thumbActive)}
                  aria-label={`Show photo ${i + 1}`}
                  aria-current={i === position ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                >
                  <img src={image.variants?.[0]?.url ?? image.url} alt="" loading="lazy" draggable={false} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
