import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: replace this file's body with the real post page (SPEC §2); keep the export name. */
export function PostPage() {
  const { postId } = useParams();
  return (
    <PlaceholderPage
      title="Post"
      message={`Post ${postId ?? ''} will be shown here. This page is coming soon.`}
    />
  );
}
