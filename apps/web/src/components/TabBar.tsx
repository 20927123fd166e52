import { useRef, type KeyboardEvent } from 'react';
import { cx } from '../lib/cx';
import styles from './TabBar.module.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

export type TabBarVariant = 'underline' | 'pills' | 'chips';

export interface TabBarProps<Id extends string> {
  /** Accessible name of the tab list, e.g. "Profile sections". */
  label: string;
  tabs: ReadonlyArray<TabItem<Id>>;
  selected: Id;
  onSelect: (id: Id) => void;
  /** Prefix of the tab and panel ids; unique on the page. Tab ids are `tabId(idPrefix, id)`. */
  idPrefix: string;
  /** id of the panel the tabs control, when it is not `tabPanelId(idPrefix)`. */
  panelId?: string;
  /**
   * 'automatic' (default): arrow keys, Home and End move focus and select at once.
   * 'manual': they only move focus; Enter or Space (a click) selects. Use it when selecting is
   * costly or navigates, so moving through the tabs is not a string of side effects.
   */
  activation?: 'automatic' | 'manual';
  /**
   * The look: 'underline' (profile, notifications), 'pills' (a filled segmented strip: search),
   * 'chips' (small soft chips: the chat list filters).
   */
  variant?: TabBarVariant;
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

const VARIANT_CLASSES: Record<TabBarVariant, { list?: string; tab?: string; selected?: string }> = {
  underline: { list: styles.tablist, tab: styles.tab, selected: styles.selected },
  pills: { list: styles.pills, tab: styles.pill, selected: styles.pillSelected },
  chips: { list: styles.chips, tab: styles.chip, selected: styles.chipSelected },
};

/** The tab a navigation key leads to from `index`, wrapping at both ends; null for other keys. */
function targetIndex(key: string, index: number, last: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return index >= last ? 0 : index + 1;
    case 'ArrowLeft':
      return index <= 0 ? last : index - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * WAI-ARIA tabs (horizontal): only the selected tab is in the Tab order; arrow keys, Home and End
 * move between tabs, and select them too unless `activation` is 'manual'.
 */
export function TabBar<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  panelId = tabPanelId(idPrefix),
  activation = 'automatic',
  variant = 'underline',
  className,
}: TabBarProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const look = VARIANT_CLASSES[variant];

  // Moves from the focused tab, which in manual mode need not be the selected one.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = targetIndex(event.key, index, tabs.length - 1);
    const next = target === null ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    if (activation === 'automatic') onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={cx(look.list, className)}>
      {tabs.map((tab, index) => {
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
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            className={cx(look.tab, isSelected && look.selected)}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
