import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import styles from './AppLayout.module.css';
import { BottomTabBar } from './BottomTabBar';
import { LiveUpdates } from './LiveUpdates';
import { NavBar } from './NavBar';
import { peekPendingAction } from '../features/auth/after-sign-in';
import { SCROLL_POSITIONS_KEY } from '../lib/scroll-memory';
import { useAuth } from '../lib/useAuth';

// Only a member just back from signing in, with an action asked for as a visitor, needs it: not
// part of a page's first load (issue 29).
const PendingActionRunner = lazy(() =>
  import('../features/auth/PendingActionRunner').then((m) => ({ default: m.PendingActionRunner })),
);

/**
 * Every screen: skip link, navbar (with the offline banner), a page-loading bar while a chunk loads,
 * the <main> landmark, and on phones the bottom tab bar.
 */
export function AppLayout() {
  const navigation = useNavigation();
  const isLoadingPage = navigation.state === 'loading';
  const { isAuthenticated } = useAuth();
  // Read at each render (sign-in, every navigation): the runner unmounts once it took the action.
  const hasPendingAction = isAuthenticated && peekPendingAction() !== null;

  return (
    <div className={styles.app}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      <LiveUpdates />
      {hasPendingAction && (
        <Suspense fallback={null}>
          <PendingActionRunner />
        </Suspense>
      )}
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
