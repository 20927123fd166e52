import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './LegalPage.module.css';

export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <article className={styles.page}>
      <h1>Privacy Policy</h1>
      <p className={styles.updated}>How this Glimpse server handles your data.</p>

      <h2>What we store</h2>
      <ul>
        <li>Your email address, username and a one-way hash of your password (never the password itself).</li>
        <li>The profile details you choose to add: display name, bio, location, website and avatar.</li>
        <li>Your posts, comments, likes, follows and chat messages.</li>
      </ul>

      <h2>Your photos</h2>
      <p>
        Uploaded images are re-encoded and all embedded metadata is removed, including GPS coordinates, so a
        photo never reveals where it was taken unless you add a location yourself.
      </p>

      <h2>Who can see what</h2>
      <p>
        Your email address and phone number are never shown to other members. Each post is visible to the
        audience you pick: everyone, your followers, your friends (people you follow who follow you back) or
        only you.
      </p>

      <h2>Where it lives</h2>
      <p>
        Glimpse is self-hosted: your data stays on the server run by the people who operate this instance. It
        is not sold or shared with advertisers.
      </p>

      <h2>Your choices</h2>
      <p>
        You can edit your profile and change your password in Settings at any time. To have your account
        removed, contact the administrator of this server.
      </p>

      <Link className={styles.back} to="/register">
        Back to Sign Up
      </Link>
    </article>
  );
}
