import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { logoutRequest } from '../../api/queries/auth';
import { ErrorState } from '../../components/ErrorState';
import { ChevronLeftIcon } from '../../components/icons';
import { LoadingState } from '../../components/Spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../../lib/useAuth';
import { AccountSettings } from './AccountSettings';
import { SETTINGS_TEXT } from '../../lib/text';
import { BlockingSettings } from './BlockingSettings';
import { DisplaySettings } from './DisplaySettings';
import { NotificationSettings } from './NotificationSettings';
import { PrivacySettings } from './PrivacySettings';
import { SecuritySettings } from './SecuritySettings';
import { YourDataSettings } from './YourDataSettings';
import { findSection } from './settings-sections';
import { SettingsNav } from './SettingsNav';
import styles from './SettingsPage.module.css';

/**
 * /settings (SPEC §2): a left nav of sections beside the chosen one; Account and Display have
 * content so far. On phones it is a list, then a page: /settings shows only the list, and
 * /settings?section=x only that section, with a way back to the list (CSS on `data-view`).
 */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const section = findSection(params.get('section'));
  const view = params.has('section') ? 'section' : 'list';
  const { token, user, isUserLoaded, refreshUser, logout } = useAuth();
  const [loadFailed, setLoadFailed] = useState(false);

  // The form must start from the server's copy of the user, not the token's thin one.
  const loadUser = useCallback(() => {
    setLoadFailed(false);
    void refreshUser().then((ok) => setLoadFailed(!ok));
  }, [refreshUser]);

  useEffect(() => {
    if (token && !isUserLoaded) loadUser();
    // Only on arrival: a failure waits for the retry button, never loops.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // SPEC §6: settings need a session; a 401 during a save also ends up here.
  if (!token) return <Navigate to="/login" replace />;

  const onLogOut = () => {
    // The server ends this session too, so the token is worthless even if it was copied.
    void logoutRequest(token);
    logout();
    void navigate('/login', { replace: true });
  };

  // Account, Privacy and Security start from the server's copy of the member.
  const withUser = (content: (loaded: NonNullable<typeof user>) => ReactNode) =>
    isUserLoaded && user ? (
      content(user)
    ) : loadFailed ? (
      <ErrorState message={SETTINGS_TEXT.loadUserFailed} onRetry={loadUser} />
    ) : (
      <LoadingState message="Loading your settings..." />
    );
  const accountContent = withUser((loaded) => (
    <>
      <AccountSettings key={loaded.id} user={loaded} />
      <YourDataSettings />
    </>
  ));

  return (
    <div className={styles.layout} data-view={view}>
      <aside className={styles.sidebar}>
        <h1 className={styles.pageTitle}>Settings</h1>
        <SettingsNav current={section.id} onLogOut={onLogOut} />
      </aside>
      <section className={styles.content} aria-labelledby="settings-section-title">
        <Link to="/settings" className={styles.backToList}>
          <ChevronLeftIcon size={18} />
          All settings
        </Link>
        <h2 id="settings-section-title" className={styles.sectionTitle}>
          {section.label}
        </h2>
        {section.id === 'account' ? (
          accountContent
        ) : section.id === 'privacy' ? (
          withUser((loaded) => <PrivacySettings user={loaded} />)
        ) : section.id === 'security' ? (
          withUser((loaded) => <SecuritySettings user={loaded} />)
        ) : section.id === 'display' ? (
          <DisplaySettings />
        ) : section.id === 'notifications' ? (
          <NotificationSettings />
        ) : section.id === 'blocking' ? (
          <BlockingSettings />
        ) : (
          <div className={styles.card}>
            <p className={styles.comingSoon}>{section.label} settings are coming soon.</p>
          </div>
        )}
      </section>
    </div>
  );
}
