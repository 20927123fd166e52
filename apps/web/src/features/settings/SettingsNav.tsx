import { Link } from 'react-router';
import { ChevronRightIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { SETTINGS_SECTIONS, sectionSearch, type SettingsSectionId } from './settings-sections';
import styles from './SettingsPage.module.css';

export interface SettingsNavProps {
  current: SettingsSectionId;
  onLogOut: () => void;
}

/**
 * Sections are links (`?section=`), so each can be bookmarked and Back works between them. On
 * phones this is the whole /settings screen: a list of full-width rows, each leading to a page.
 */
export function SettingsNav({ current, onLogOut }: SettingsNavProps) {
  return (
    <nav aria-label="Settings sections" className={styles.nav}>
      <ul role="list" className={styles.navList}>
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
                <ChevronRightIcon size={18} className={styles.navChevron} />
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
