import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: replace this file's body with the real notifications screen (SPEC §2); keep the export name. */
export function NotificationsPage() {
  return <PlaceholderPage title="Notifications" />;
}
