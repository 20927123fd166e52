import { useDocumentTitle } from '../lib/useDocumentTitle';
import styles from './PlaceholderPage.module.css';

export interface PlaceholderPageProps {
  /** The page's name, shown as its heading, e.g. "Home". */
  title: string;
  message?: string;
}

/** Stands in for a screen that is not built yet, so its route, title and heading already work. */
export function PlaceholderPage({ title, message = 'This page is coming soon.' }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <section className={styles.page} aria-labelledby="placeholder-title">
      <h1 id="placeholder-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>{message}</p>
    </section>
  );
}
