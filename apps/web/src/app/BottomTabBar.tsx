import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ExploreIcon, HomeIcon, PersonIcon, PlusIcon, SpeechBubbleIcon } from '../components/icons';
import { reselectTab } from '../lib/tab-reselect';
import { useAuth } from '../lib/useAuth';
import { useUnreadChatCount } from '../features/chat/useUnreadChatCount';
import { cx } from '../lib/cx';
import { useIsPhone } from '../lib/useMediaQuery';
import { badgeText } from './badge';
import styles from './BottomTabBar.module.css';
import type { PageName } from './pages';
import { usePrefetchOnIntent } from './usePrefetchOnIntent';

interface TabDef {
  to: string;
  label: string;
  page: PageName;
  icon: ReactNode;
  /** Whether a path belongs to this tab (for aria-current). */
  matches: (pathname: string, username: string | undefined) => boolean;
  isCreate?: boolean;
}

const TABS: TabDef[] = [
  {
    to: '/home',
    label: 'Home',
    page: 'home',
    icon: <HomeIcon />,
    matches: (path) => path === '/home' || path === '/',
  },
  {
    to: '/explore',
    label: 'Explore',
    page: 'explore',
    icon: <ExploreIcon size={24} />,
    matches: (p) => p === '/explore',
  },
  {
    to: '/create-post',
    label: 'Create',
    page: 'createPost',
    icon: <PlusIcon size={22} strokeWidth={2.4} />,
    matches: (p) => p === '/create-post',
    isCreate: true,
  },
  {
    to: '/chat',
    label: 'Chat',
    page: 'chat',
    icon: <SpeechBubbleIcon size={24} />,
    matches: (p) => p === '/chat' || p.startsWith('/chat/'),
  },
  {
    to: '/profile',
    label: 'Profile',
    page: 'profile',
    icon: <PersonIcon size={24} />,
    // One's own profile only: someone else's is not "the Profile tab".
    matches: (p, username) =>
      p === '/profile' || (!!username && p.toLowerCase() === `/profile/${username.toLowerCase()}`),
  },
];

function TabLink({ tab, isCurrent, badge }: { tab: TabDef; isCurrent: boolean; badge?: number }) {
  const prefetch = usePrefetchOnIntent(tab.page);
  return (
    <Link
      to={tab.to}
      className={cx(styles.tab, isCurrent && styles.current, tab.isCreate && styles.create)}
      aria-current={isCurrent ? 'page' : undefined}
      {...prefetch}
      onClick={(event) => {
        // The tab one is on: to the top, and at the top, refresh (lib/tab-reselect.ts).
        if (!isCurrent || tab.isCreate || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        reselectTab(tab.to);
      }}
    >
      <span className={styles.icon}>
        {tab.icon}
        {badge !== undefined && badge > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {badgeText(badge)}
          </span>
        )}
      </span>
      <span className={styles.label}>{tab.label}</span>
      {badge !== undefined && badge > 0 && <span className="visually-hidden">{`${badge} unread`}</span>}
    </Link>
  );
}

/**
 * The phone's bottom tab bar (under 768 px; hidden by CSS above): Home, Explore, Create, Chat
 * with its unread badge, Profile. A visitor gets the same bar; the signed-in pages send them to
 * /login. Hidden inside an open conversation, whose composer owns the bottom of the screen.
 */
export function BottomTabBar() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  // Only phones show the bar (and so the badge): a desktop page costs no chat-list request.
  const unread = useUnreadChatCount({ enabled: useIsPhone() });
  return (
    <nav className={styles.bar} aria-label="Sections" data-tabbar="">
      <ul role="list" className={styles.list}>
        {TABS.map((tab) => (
          <li key={tab.to} className={styles.item}>
            <TabLink
              tab={tab}
              isCurrent={tab.matches(pathname, user?.username)}
              badge={tab.page === 'chat' ? unread : undefined}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
