import { useRef, type KeyboardEvent } from 'react';
import { cx } from '../../lib/cx';
import styles from './TabBar.module.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

export interface TabBarProps<Id extends string> {
  /** Accessible name of the tab list, e.g. "Profile sections". */
  label: string;
  tabs: ReadonlyArray<TabItem<Id>>;
  selected: Id;
  onSelect: (id: Id) => void;
  /** Prefix of the tab and panel ids; unique on the page. */
  idPrefix: string;
  className?: string;
}

export const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
export const tabPanelId = (idPrefix: string) => `${idPrefix}-panel`;

/** Props for the one panel that shows the selected tab's content. */
export function tabPanelProps(idPrefix: string, selected: string) {
  return {
    role: 'tabpanel',
    id: tabPanelId(idPrefix),
    'aria-labelledby': tabId(idPrefix, selected),
    tabIndex: 0,
  } as const;
}

/**
 * WAI-ARIA tabs with automatic activation: only the selected tab is in the Tab order; arrow keys,
 * Home and End move between tabs and select them.
 */
export function TabBar<Id extends string>({ label, tabs, selected, onSelect, idPrefix, className }: TabBarProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index >= last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index <= 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    const next = target === null ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={cx(styles.tablist, className)} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) refs.current.set(tab.id, node);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={isSelected}
            aria-controls={tabPanelId(idPrefix)}
            tabIndex={isSelected ? 0 : -1}
            className={cx(styles.tab, isSelected && styles.selected)}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
