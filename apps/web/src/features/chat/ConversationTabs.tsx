import type { KeyboardEvent } from 'react';
import { cx } from '../../lib/cx';
import styles from './ConversationSidebar.module.css';

export type ConversationTab = 'all' | 'unread' | 'archive';

const TABS: ReadonlyArray<{ value: ConversationTab; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'archive', label: 'Archive' },
];

export interface ConversationTabsProps {
  value: ConversationTab;
  onChange: (tab: ConversationTab) => void;
  /** The id of the tab panel the tabs control. */
  panelId: string;
  /** Tab ids are `${idPrefix}-${value}`, so the panel can name the selected one. */
  idPrefix: string;
}

/** A WAI-ARIA tab list: one tab stop, arrows / Home / End move and select. */
export function ConversationTabs({ value, onChange, panelId, idPrefix }: ConversationTabsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.value === value);
    const last = TABS.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const nextIndex = targets[event.key];
    if (nextIndex === undefined) return;
    event.preventDefault();
    const next = TABS[nextIndex]!;
    onChange(next.value);
    document.getElementById(`${idPrefix}-${next.value}`)?.focus();
  };

  return (
    <div role="tablist" aria-label="Conversation filters" className={styles.tabs} onKeyDown={onKeyDown}>
      {TABS.map((tab) => {
        const isSelected = tab.value === value;
        return (
          <button
            key={tab.value}
            id={`${idPrefix}-${tab.value}`}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            className={cx(styles.tab, isSelected && styles.tabSelected)}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
