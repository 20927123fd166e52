import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { cx } from '../../lib/cx';
import { SETTINGS_SECTIONS, sectionSearch, type SettingsSectionId } from './settings-sections';
import styles from './SettingsPage.module.css';

export interface SettingsNavProps {
  current: SettingsSectionId;
  onLogOut: () => void;
}

/** Sections are links (`?section=`), so each can be bookmarked and Back works between them. */
export function SettingsNav({ current, onLogOut }: SettingsNavProps) {
  const listRef = useRef<HTMLUListElement>(null);

  // On phones the nav is a sideways-scrolling row: bring the current section into view. Only the
  // row scrolls (never the page), so this is a no-op on the desktop column.
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2;
  }, [current]);

  return (
    <nav aria-label="Settings sections" className={styles.nav}>
      <ul ref={listRef} role="list" className={styles.navList}>
        {SETTINGS_SECTIONS.map((section) => {
          const isCurrent = section.id === current;
          return (
            <li key={section.id}>
              <Link
                to={{ search: sectionSearch(section.id) }}
                aria-current={isCurrent ? 'page' : undefined}
                className={cx(styles.navItem, isCurrent && styles.navItemCurrent)}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
        <li className={styles.navLogOut}>
          <button type="button" className={cx(styles.navItem, styles.logOut)} onClick={onLogOut}>
            Log Out
          </button>
        </li>
      </ul>
    </nav>
  );
}
