import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './SwipeTrack.module.css';
import { usePhotoGestures, type PhotoGestureOptions, type SwipeDirection } from './usePhotoGestures';

/** How long the slide animation may take before the change is committed anyway. */
const SETTLE_FALLBACK_MS = 400;

/** Index with wrap-around at both ends (SPEC §2: previous from the first goes to the last). */
export function wrapIndex(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0;
}

/**
 * The images on screen around `index`: the current one at slot 0 and its neighbours at -1 and
 * +1, each image once (with two images the other one sits on the side being dragged towards).
 */
export function visibleSlides(
  index: number,
  count: number,
  direction: SwipeDirection,
): Array<{ index: number; slot: -1 | 0 | 1 }> {
  const current = wrapIndex(index, count);
  if (count <= 1) return [{ index: current, slot: 0 }];
  if (count === 2)
    return [
      { index: current, slot: 0 },
      { index: wrapIndex(current + 1, 2), slot: direction },
    ];
  return [
    { index: wrapIndex(current - 1, count), slot: -1 },
    { index: current, slot: 0 },
    { index: wrapIndex(current + 1, count), slot: 1 },
  ];
}

export interface SwipeTrackProps extends Pick<PhotoGestureOptions, 'onTap' | 'onDoubleTap'> {
  count: number;
  /** The image shown; wrapped into range. */
  index: number;
  onIndexChange: (index: number) => void;
  /** One image, filling its slide. `isCurrent` is false for the neighbours shown while dragging. */
  renderSlide: (index: number, isCurrent: boolean) => ReactNode;
  /** Badges, buttons, the like heart: drawn over the photos, not moved by a drag. */
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

interface Motion {
  /** px while the finger drags; 0 at rest. */
  offsetPx: number;
  /** After a swipe: sliding a whole slide towards this side before the index moves. */
  settling: SwipeDirection | null;
  /** Just settled: jump back to 0 without animating (the new photo is already in place). */
  instant: boolean;
}

const AT_REST: Motion = { offsetPx: 0, settling: null, instant: false };

/**
 * Photos side by side that follow a finger (or mouse) and settle on the next or previous one,
 * wrapping at both ends; a tap and a double tap go to the caller. Neighbours are only rendered
 * once the track was touched, so a feed of cards does not load every photo of every post.
 */
export function SwipeTrack({
  count,
  index,
  onIndexChange,
  renderSlide,
  onTap,
  onDoubleTap,
  children,
  className,
  style,
}: SwipeTrackProps) {
  const [motion, setMotion] = useState<Motion>(AT_REST);
  const [isEngaged, setIsEngaged] = useState(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = wrapIndex(index, count);
  const canSwipe = count > 1;

  const settle = () => {
    clearTimeout(settleTimer.current);
    if (motion.settling === null) return;
    onIndexChange(wrapIndex(current + motion.settling, count));
    setMotion({ ...AT_REST, instant: true });
  };

  // transitionend normally settles; this covers a transition that never runs (reduced motion,
  // a hidden tab).
  useEffect(() => {
    if (motion.settling === null) return;
    settleTimer.current = setTimeout(settle, SETTLE_FALLBACK_MS);
    return () => clearTimeout(settleTimer.current);
  });

  const gestures = usePhotoGestures({
    onTap,
    onDoubleTap,
    onEngage: () => setIsEngaged(true),
    onDrag: canSwipe ? (dx) => setMotion({ offsetPx: dx, settling: null, instant: false }) : undefined,
    onSwipe: canSwipe
      ? (direction) => setMotion({ offsetPx: 0, settling: direction, instant: false })
      : undefined,
  });

  const direction: SwipeDirection = motion.settling ?? (motion.offsetPx > 0 ? -1 : 1);
  const slides =
    isEngaged && canSwipe ? visibleSlides(current, count, direction) : [{ index: current, slot: 0 }];
  const trackStyle: CSSProperties = {
    transform:
      motion.settling !== null
        ? `translateX(${-motion.settling * 100}%)`
        : `translateX(${motion.offsetPx}px)`,
  };

  return (
    <div className={cx(styles.viewport, className)} style={style} data-swipe-track="" {...gestures}>
      <div
        className={cx(
          styles.track,
          motion.settling !== null
            ? styles.settling
            : motion.offsetPx === 0 && !motion.instant && styles.rest,
        )}
        style={trackStyle}
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget && motion.settling !== null) settle();
        }}
      >
        {slides.map(({ index: slideIndex, slot }) => (
          <div
            key={slideIndex}
            className={styles.slide}
            style={{ transform: `translateX(${slot * 100}%)` }}
            aria-hidden={slot === 0 ? undefined : true}
          >
            {renderSlide(slideIndex, slot === 0)}
          </div>
        ))}
      </div>
      {children}
    </div>
  );
}
