import { useEffect, useRef, useState } from 'react';
import { FEED_TEXT } from '../lib/text';
import { cx } from '../lib/cx';
import { Spinner } from './Spinner';
import styles from './PullToRefresh.module.css';

/** How far (after damping) a pull must go before letting go refreshes. */
export const PULL_TRIGGER_PX = 64;
const PULL_MAX_PX = 96;
/** A finger moves twice as far as the indicator: the pull feels like it resists. */
const PULL_DAMPING = 0.5;

export interface PullToRefreshProps {
  onRefresh: () => void;
  /** The refresh is under way: the indicator stays with a spinner until it ends. */
  isRefreshing: boolean;
}

function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && ('ontouchstart' in window || navigator.maxTouchPoints > 0);
}

/**
 * Pull-to-refresh on touch screens: with the page at its top, a one-finger pull down shows an
 * indicator that follows the finger, and letting go past PULL_TRIGGER_PX calls `onRefresh`
 * (feeds reload their first page, SPEC §4). While mounted the page's own overscroll is contained,
 * so the browser's reload-on-pull does not run as well.
 */
export function PullToRefresh({ onRefresh, isRefreshing }: PullToRefreshProps) {
  const [pull, setPull] = useState(0);
  const onRefreshRef = useRef(onRefresh);
  useEffect(() => {
    onRefreshRef.current = onRefresh;
  });

  useEffect(() => {
    if (!isTouchScreen()) return;
    const root = document.documentElement;
    const previousOverscroll = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    let startY: number | null = null;
    let distance = 0;
    const reset = () => {
      startY = null;
      distance = 0;
      setPull(0);
    };
    const onStart = (event: TouchEvent) => {
      startY = event.touches.length === 1 && window.scrollY <= 0 ? event.touches[0]!.clientY : null;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const dy = (event.touches[0]?.clientY ?? startY) - startY;
      distance = dy > 0 && window.scrollY <= 0 ? Math.min(dy * PULL_DAMPING, PULL_MAX_PX) : 0;
      setPull(distance);
    };
    const onEnd = () => {
      if (startY === null) return;
      const pulled = distance;
      reset();
      if (pulled >= PULL_TRIGGER_PX) onRefreshRef.current();
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', reset);
    return () => {
      root.style.overscrollBehaviorY = previousOverscroll;
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', reset);
    };
  }, []);

  const visible = pull > 0 || isRefreshing;
  const text = isRefreshing
    ? FEED_TEXT.refreshing
    : pull >= PULL_TRIGGER_PX
      ? FEED_TEXT.releaseToRefresh
      : FEED_TEXT.pullToRefresh;
  return (
    <div className={styles.slot} role="status">
      {visible && (
        <div
          className={cx(styles.indicator, isRefreshing && styles.refreshing)}
          style={isRefreshing ? undefined : { transform: `translateY(${pull}px)` }}
        >
          <Spinner size="sm" decorative />
          <span>{text}</span>
        </div>
      )}
    </div>
  );
}
