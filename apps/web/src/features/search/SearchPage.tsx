import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: replace this file's body with the real search screen (SPEC §2); keep the export name. */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  return (
    <PlaceholderPage
      title="Search"
      message={query ? `Results for "${query}" are coming soon.` : 'This page is coming soon.'}
    />
  );
}
