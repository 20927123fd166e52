import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './LegalPage.module.css';

export function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <article className={styles.page}>
      <h1>Terms of Service</h1>
      <p className={styles.updated}>These terms apply to this Glimpse server.</p>

      <h2>Your account</h2>
      <p>
        You need an account to post, comment, like, follow and send messages. Keep your password to yourself:
        you are responsible for what is done with your account. You may delete your posts and stop using the
        service at any time.
      </p>

      <h2>Your content</h2>
      <p>
        You keep the rights to the photos and text you share. By posting, you allow this server to store,
        resize and show them to the audience you choose with each post&apos;s privacy setting (public,
        followers, friends or only you).
      </p>

      <h2>What is not allowed</h2>
      <ul>
        <li>Content that is illegal, or that harasses, threatens or impersonates someone.</li>
        <li>Sharing other people&apos;s private information or photos without their consent.</li>
        <li>Spam, automated mass posting, or attempts to break or overload the service.</li>
      </ul>

      <h2>Moderation</h2>
      <p>
        Moderators and administrators of this server may remove content or suspend accounts that break these
        terms.
      </p>

      <h2>No warranty</h2>
      <p>
        Glimpse is provided as is. The people running this server try to keep it available and your data safe,
        but cannot promise it will always be.
      </p>

      <Link className={styles.back} to="/register">
        Back to Sign Up
      </Link>
    </article>
  );
}
