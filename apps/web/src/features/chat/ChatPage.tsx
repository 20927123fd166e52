import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: replace this file's body with the real chat screen (SPEC §2); keep the export name. */
export function ChatPage() {
  return <PlaceholderPage title="Messages" />;
}
