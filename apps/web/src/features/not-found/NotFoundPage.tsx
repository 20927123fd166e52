import { ButtonLink } from '../../components/Button';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.message}>The page you are looking for does not exist or has been moved.</p>
      <ButtonLink to="/home">Back to Home</ButtonLink>
    </section>
  );
}
