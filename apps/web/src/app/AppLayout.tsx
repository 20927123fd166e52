import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import styles from './AppLayout.module.css';
import { BottomTabBar } from './BottomTabBar';
import { LiveUpdates } from './LiveUpdates';
import { NavBar } from './NavBar';
import { PendingActionRunner } from '../features/auth/PendingActionRunner';
import { SCROLL_POSITIONS_KEY } from '../lib/scroll-memory';

/**
 * Every screen: skip link, navbar (with the offline banner), a page-loading bar while a chunk loads,
 * the <main> landmark, and on phones the bottom tab bar.
 */
export function AppLayout() {
  const navigation = useNavigation();
  const isLoadingPage = navigation.state === 'loading';

  return (
    <div className={styles.app}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      <LiveUpdates />
      <PendingActionRunner />
      <NavBar />
      {isLoadingPage && <div className={styles.progress} role="progressbar" aria-label="Loading page" />}
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <BottomTabBar />
      <ScrollRestoration storageKey={SCROLL_POSITIONS_KEY} />
    </div>
  );
}
