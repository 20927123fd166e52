import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: replace this file's body with the real settings screen (SPEC §2); keep the export name. */
export function SettingsPage() {
  return <PlaceholderPage title="Settings" />;
}
