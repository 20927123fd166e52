import type { SearchType } from '@glimpse/shared';
import { useRef, type KeyboardEvent } from 'react';
import { cx } from '../../lib/cx';
import { SEARCH_TABS } from './search-params';
import styles from './SearchTabs.module.css';

export interface SearchTabsProps {
  type: SearchType;
  onChange: (type: SearchType) => void;
  /** id of the results panel the tabs control. */
  panelId: string;
}

export const searchTabId = (type: SearchType) => `search-tab-${type}`;

/**
 * All / Users / Posts / Tags / Places, as an ARIA tablist: one tab stop, arrow keys (and Home/End)
 * move between tabs, Enter or Space opens one. Opening a tab changes the URL, so it is a
 * deliberate step rather than a side effect of moving focus.
 */
export function SearchTabs({ type, onChange, panelId }: SearchTabsProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = SEARCH_TABS.length - 1;
    const keys: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    refs.current[target]?.focus();
  };

  return (
    <div role="tablist" aria-label="Search categories" className={styles.tabs}>
      {SEARCH_TABS.map((tab, index) => {
        const selected = tab.type === type;
        return (
          <button
            key={tab.type}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={searchTabId(tab.type)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={cx(styles.tab, selected && styles.active)}
            onClick={() => onChange(tab.type)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
