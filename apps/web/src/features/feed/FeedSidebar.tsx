import { FEED_CATEGORIES } from '@glimpse/shared';
import { useRef, type KeyboardEvent } from 'react';
import { cx } from '../../lib/cx';
import { FEED_TABS, type FeedCategory, type FeedTabId } from './feed-filters';
import styles from './FeedSidebar.module.css';

export interface FeedSidebarProps {
  tab: FeedTabId;
  category: FeedCategory;
  onTabChange: (tab: FeedTabId) => void;
  onCategoryChange: (category: FeedCategory) => void;
  /** id of the feed the tabs control (aria-controls). */
  feedId: string;
}

/**
 * "Discover" tabs and the "Categories" filter (SPEC §2). The tabs follow the ARIA tabs pattern
 * (one tab stop, arrow keys move between them); categories are toggle buttons. On phones the
 * same controls become a horizontal strip of chips above the feed (CSS only).
 */
export function FeedSidebar({ tab, category, onTabChange, onCategoryChange, feedId }: FeedSidebarProps) {
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const onTabKeyDown = (event: KeyboardEvent, index: number) => {
    const last = FEED_TABS.length - 1;
    const target =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    tabRefs.current[target]?.focus();
  };

  return (
    <nav className={styles.sidebar} aria-label="Feed filters">
      <div className={styles.group}>
        <h2 className={styles.heading} id="feed-discover">
          Discover
        </h2>
        <div role="tablist" aria-labelledby="feed-discover" className={styles.list}>
          {FEED_TABS.map((t, index) => {
            const selected = t.id === tab;
            return (
              <button
                key={t.id}
                ref={(node) => {
                  tabRefs.current[index] = node;
                }}
                type="button"
                role="tab"
                id={`feed-tab-${t.id}`}
                aria-selected={selected}
                aria-controls={feedId}
                tabIndex={selected ? 0 : -1}
                className={cx(styles.item, selected && styles.active)}
                onClick={() => onTabChange(t.id)}
                onKeyDown={(event) => onTabKeyDown(event, index)}
              >
                {t.label}
              </button>
            );
          })}
        </div>
      </div>

      <div className={styles.group}>
        <h2 className={styles.heading} id="feed-categories">
          Categories
        </h2>
        <ul role="list" aria-labelledby="feed-categories" className={styles.list}>
          {FEED_CATEGORIES.map((c) => {
            const selected = c === category;
            return (
              <li key={c}>
                <button
                  type="button"
                  aria-pressed={selected}
                  className={cx(styles.item, styles.category, selected && styles.active)}
                  onClick={() => onCategoryChange(c)}
                >
                  {c}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
