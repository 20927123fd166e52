import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: replace this file's body with the real explore screen (SPEC §2); keep the export name. */
export function ExplorePage() {
  return <PlaceholderPage title="Explore" />;
}
