import { ButtonLink } from '../../components/Button';
import { SearchPersonIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FEDERATION_TEXT, PROFILE_TEXT } from '../../lib/text';
import { remoteHandle, remoteHost } from '../post';
import styles from './ProfilePage.module.css';

export interface ProfileNotFoundProps {
  username: string;
}

/** SPEC §2/§8: a 404 profile gets its own view, titled "Profile Not Found". */
export function ProfileNotFound({ username }: ProfileNotFoundProps) {
  useDocumentTitle(PROFILE_TEXT.notFoundTitle);
  // `user@host`: an account of another server nobody here has looked up yet; search finds it there.
  const handle = remoteHost(username) ? remoteHandle(username) : null;
  return (
    <section className={styles.notFound} aria-labelledby="profile-not-found-title">
      <span className={styles.notFoundIcon}>
        <SearchPersonIcon />
      </span>
      <h1 id="profile-not-found-title" className={styles.notFoundTitle}>
        {PROFILE_TEXT.notFoundTitle}
      </h1>
      <p className={styles.notFoundMessage}>{PROFILE_TEXT.notFound}</p>
      {handle ? (
        <>
          <p className={styles.notFoundHint}>{FEDERATION_TEXT.remoteNotFoundHint(handle)}</p>
          <ButtonLink to={`/search?q=${encodeURIComponent(handle)}&type=users`}>
            {FEDERATION_TEXT.searchFor(handle)}
          </ButtonLink>
        </>
      ) : (
        <>
          <p className={styles.notFoundHint}>
            There is no one called @{username} here. Check the spelling, or explore other people's posts.
          </p>
          <ButtonLink to="/home">Back to Home</ButtonLink>
        </>
      )}
    </section>
  );
}
