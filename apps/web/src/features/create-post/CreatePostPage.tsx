import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: replace this file's body with the real create-post screen (SPEC §2); keep the export name. */
export function CreatePostPage() {
  return <PlaceholderPage title="Create Post" />;
}
