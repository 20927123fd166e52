import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useProfileQuery } from '../../api/queries/users';
import { ErrorState } from '../../components/ErrorState';
import { useAuth } from '../../lib/useAuth';
import { classifyProfileError } from './profile-errors';
import { COMMON_TEXT, PROFILE_TEXT } from '../../lib/text';
import { isOwnProfile } from './profile-identity';
import { ProfileNotFound } from './ProfileNotFound';
import { ProfileSkeleton } from './ProfileSkeleton';
import { ProfileView } from './ProfileView';

/**
 * /profile and /profile/{username} (SPEC §2). One's own profile is shown from the signed-in user;
 * anyone else's comes from GET /api/users/profile/{username}.
 */
export function ProfilePage() {
  const { username } = useParams();
  const { user } = useAuth();
  // SPEC §2: no username and not signed in goes to /login.
  if (!username && !user) return <Navigate to="/login" replace />;
  if (isOwnProfile(username, user)) return <OwnProfile />;
  return <OtherProfile username={username!} />;
}

function OwnProfile() {
  const { user, isUserLoaded, refreshUser } = useAuth();
  const [loadFailed, setLoadFailed] = useState(false);

  // Counts move while the user is elsewhere (new posts, followers): refresh once on arrival.
  const load = useCallback(() => {
    setLoadFailed(false);
    void refreshUser().then((ok) => setLoadFailed(!ok));
  }, [refreshUser]);
  useEffect(load, [load]);

  if (!user) return <Navigate to="/login" replace />;
  // Before /me answers, the session only knows the token's name: no bio, counts or join date yet.
  if (!isUserLoaded)
    return loadFailed ? (
      <ErrorState message={PROFILE_TEXT.loadFailed} onRetry={load} />
    ) : (
      <ProfileSkeleton label={COMMON_TEXT.loadingProfile} />
    );
  return <ProfileView profile={user} isOwn />;
}

function OtherProfile({ username }: { username: string }) {
  const navigate = useNavigate();
  const { logout } = useAuth();
  const query = useProfileQuery(username);
  const failure = query.isError ? classifyProfileError(query.error) : null;

  // SPEC §8: a 401 on the profile logs out and goes to /login.
  useEffect(() => {
    if (failure !== 'unauthorized') return;
    logout();
    void navigate('/login', { replace: true });
  }, [failure, logout, navigate]);

  if (query.isPending) return <ProfileSkeleton label={COMMON_TEXT.loadingProfile} />;
  if (failure === 'not-found') return <ProfileNotFound username={username} />;
  if (failure) return <ErrorState message={PROFILE_TEXT.loadFailed} onRetry={() => void query.refetch()} />;
  return <ProfileView profile={query.data!} isOwn={false} />;
}
