import { Navigate, useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { useAuth } from '../auth/useAuth';

/** Placeholder: replace this file's body with the real profile screen (SPEC §2); keep the export name. */
export function ProfilePage() {
  const { username } = useParams();
  const { user } = useAuth();
  // SPEC §2: no username and not signed in goes to /login.
  if (!username && !user) return <Navigate to="/login" replace />;
  const shown = username ?? user?.username ?? '';
  return <PlaceholderPage title="Profile" message={`The profile of @${shown} is coming soon.`} />;
}
