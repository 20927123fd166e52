import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: replace this file's body with the real home feed screen (SPEC §2); keep the export name. */
export function HomePage() {
  return <PlaceholderPage title="Home" />;
}
