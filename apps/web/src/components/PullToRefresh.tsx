import { useEffect, useRef, useState } from 'react';
import { FEED_TEXT } from '../lib/text';
import { cx } from '../lib/cx';
import { Spinner } from './Spinner';
import styles from './PullToRefresh.module.css';

/** How far (after damping) a pull must go before letting go refreshes. */
export const PULL_TRIGGER_PX = 64;

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
 * (feeds reload their first page, SPEC §4). The gesture itself is `pull-gesture.ts`, loaded once
 * mounted on a touch screen.
 */
export function PullToRefresh({ onRefresh, isRefreshing }: PullToRefreshProps) {
  const [pull, setPull] = useState(0);
  const onRefreshRef = useRef(onRefresh);
  useEffect(() => {
    onRefreshRef.current = onRefresh;
  });

  useEffect(() => {
    if (!isTouchScreen()) return;
    // The gesture's code comes after the page (pull-gesture.ts): no part of a feed's first load.
    let isMounted = true;
    let stop: (() => void) | undefined;
    void import('./pull-gesture').then(({ watchPull }) => {
      if (!isMounted) return;
      stop = watchPull({
        triggerPx: PULL_TRIGGER_PX,
        onPull: setPull,
        onRelease: () => onRefreshRef.current(),
      });
    });
    return () => {
      isMounted = false;
      stop?.();
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
