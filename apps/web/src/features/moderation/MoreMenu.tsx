import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { RefObject } from 'react';
import { MoreIcon } from '../../components/icons';
import { MODERATION_TEXT } from '../../lib/text';
import menuButtonStyles from './PostModeration.module.css';
import styles from './Moderation.module.css';

export interface MoreMenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

export interface MoreMenuProps {
  items: MoreMenuItem[];
  /** Focus goes back here when a dialog opened from the menu closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  label?: string;
  /** Open on mount (the ⋯ was pressed while the menu's code was still on its way). */
  defaultOpen?: boolean;
}

/** A "More options" (⋯) menu: the post's and the profile's Report / Block live here. */
export function MoreMenu({
  items,
  triggerRef,
  label = MODERATION_TEXT.moreOptions,
  defaultOpen = false,
}: MoreMenuProps) {
  return (
    // Not modal: a modal menu leaves the page inert while a dialog opens from it.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} className={menuButtonStyles.menuButton} aria-label={label}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              className={item.danger ? `${styles.menuItem} ${styles.danger}` : styles.menuItem}
              onSelect={item.onSelect}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
