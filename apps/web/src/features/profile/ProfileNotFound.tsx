import { ButtonLink } from '../../components/Button';
import { SearchPersonIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PROFILE_TEXT } from '../../lib/text';
import styles from './ProfilePage.module.css';

export interface ProfileNotFoundProps {
  username: string;
}

/** SPEC §2/§8: a 404 profile gets its own view, titled "Profile Not Found". */
export function ProfileNotFound({ username }: ProfileNotFoundProps) {
  useDocumentTitle(PROFILE_TEXT.notFoundTitle);
  return (
    <section className={styles.notFound} aria-labelledby="profile-not-found-title">
      <span className={styles.notFoundIcon}>
        <SearchPersonIcon />
      </span>
      <h1 id="profile-not-found-title" className={styles.notFoundTitle}>
        {PROFILE_TEXT.notFoundTitle}
      </h1>
      <p className={styles.notFoundMessage}>{PROFILE_TEXT.notFound}</p>
      <p className={styles.notFoundHint}>
        There is no one called @{username} here. Check the spelling, or explore other people's posts.
      </p>
      <ButtonLink to="/home">Back to Home</ButtonLink>
    </section>
  );
}
