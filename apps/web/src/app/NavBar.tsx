import { can } from '@glimpse/shared';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../components/Button';
import {
  BellIcon,
  ExploreIcon,
  LogoMark,
  PersonIcon,
  ShieldIcon,
  SpeechBubbleIcon,
} from '../components/icons';
import { SearchBox } from '../components/SearchBox';
import { useUnreadCountsQuery } from '../api/queries/unread-counts';
import { useAuth } from '../lib/useAuth';
import { CARD_TEXT } from '../lib/text';
import { cx } from '../lib/cx';
import styles from './NavBar.module.css';
import { badgeText } from './badge';
import { OfflineBanner } from './OfflineBanner';
import { UpdatePrompt } from './UpdatePrompt';
import type { PageName } from './pages';
import { usePrefetchOnIntent } from './usePrefetchOnIntent';

/** Where the search box's suggestions lead. */
const SEARCH_HREFS = {
  person: (username: string) => `/profile/${encodeURIComponent(username)}`,
  tag: (tag: string) => `/tags/${encodeURIComponent(tag)}`,
  place: (city: string) => `/explore?city=${encodeURIComponent(city)}`,
};

interface NavItem {
  to: string;
  label: string;
  page: PageName;
  icon: ReactNode;
  /** Also in the phone's bottom tab bar, so the phone's top bar leaves it out. */
  inTabBar?: boolean;
}

/** SPEC §2: the four round buttons of a signed-in member, in this order. */
const SIGNED_IN_ITEMS: NavItem[] = [
  { to: '/explore', label: 'Explore', page: 'explore', icon: <ExploreIcon />, inTabBar: true },
  { to: '/chat', label: 'Messages', page: 'chat', icon: <SpeechBubbleIcon size={22} />, inTabBar: true },
  { to: '/notification', label: 'Notifications', page: 'notifications', icon: <BellIcon /> },
  { to: '/profile', label: 'Profile', page: 'profile', icon: <PersonIcon />, inTabBar: true },
];

/** Only for members holding view_reports (SPEC §6); the server checks again. */
const MODERATION_ITEM: NavItem = {
  to: '/moderation',
  label: 'Moderation',
  page: 'moderation',
  icon: <ShieldIcon />,
};

function NavIconLink({ item, badge = 0 }: { item: NavItem; badge?: number }) {
  const prefetch = usePrefetchOnIntent(item.page);
  const label = badge > 0 ? `${item.label}, ${CARD_TEXT.unread(badge)}` : item.label;
  return (
    <NavLink
      to={item.to}
      end
      aria-label={label}
      title={label}
      className={({ isActive }) =>
        cx(styles.iconLink, isActive && styles.active, item.inTabBar && styles.inTabBar)
      }
      {...prefetch}
    >
      {item.icon}
      {badge > 0 && (
        <span className={styles.badge} data-testid={`badge-${item.page}`} aria-hidden="true">
          {badgeText(badge)}
        </span>
      )}
    </NavLink>
  );
}

/**
 * The top bar. On phones (under 768 px) it is only the logo, the search box and what the bottom
 * tab bar does not hold (notifications, or "Log In" for a visitor).
 */
export function NavBar() {
  const { isAuthenticated, user } = useAuth();
  const canModerate = can(user?.moderation, 'view_reports');
  const { data: counts } = useUnreadCountsQuery({ enabled: isAuthenticated });
  const badgeOf = (page: PageName) =>
    page === 'notifications' ? (counts?.notifications ?? 0) : page === 'chat' ? (counts?.messages ?? 0) : 0;
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const homePrefetch = usePrefetchOnIntent('home');
  const loginPrefetch = usePrefetchOnIntent('login');
  // On /search the box shows the current query; the key resets it when the query changes.
  const currentQuery = location.pathname === '/search' ? (searchParams.get('q') ?? '') : '';

  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label="Main">
        <Link to="/home" className={styles.logo} {...homePrefetch}>
          <LogoMark />
          <span className={styles.logoText}>Glimpse</span>
        </Link>
        <SearchBox
          key={currentQuery}
          className={styles.search}
          defaultValue={currentQuery}
          onSearch={(query) => void navigate(`/search?q=${encodeURIComponent(query)}`)}
          onOpen={(href) => void navigate(href)}
          hrefs={SEARCH_HREFS}
        />
        <div className={styles.actions}>
          {isAuthenticated ? (
            <>
              {canModerate && <NavIconLink item={MODERATION_ITEM} />}
              {SIGNED_IN_ITEMS.map((item) => (
                <NavIconLink key={item.to} item={item} badge={badgeOf(item.page)} />
              ))}
            </>
          ) : (
            <ButtonLink to="/login" {...loginPrefetch}>
              Log In
            </ButtonLink>
          )}
        </div>
      </nav>
      <OfflineBanner />
      <UpdatePrompt />
    </header>
  );
}
