import { usePublicConfigQuery } from '../../api/queries/security';
import { CopyIcon, GlobeIcon } from '../../components/icons';
import { useToast } from '../../components/useToast';
import { FEDERATION_TEXT } from '../../lib/text';
import { remoteHandle } from '../post';
import { copyText } from '../share/share-links';
import styles from './ProfilePage.module.css';

/**
 * Federation on a profile (issue 32): a member's own handle to be followed by from other servers,
 * and where an account of another server comes from.
 */

/**
 * The member's own `@username@host`, with a Copy button, while the server federates
 * (GET /api/config `federationHandleHost`); nothing otherwise.
 */
export function OwnHandle({ username }: { username: string }) {
  const config = usePublicConfigQuery();
  const toast = useToast();
  const host = config.data?.federationHandleHost;
  if (!host) return null;
  const handle = `@${username}@${host}`;

  const copy = async () => {
    const copied = await copyText(handle);
    toast.show(copied ? FEDERATION_TEXT.handleCopied : FEDERATION_TEXT.copyFailed, {
      type: copied ? 'success' : 'error',
    });
  };

  return (
    <div className={styles.handleRow}>
      <span className={styles.origin}>
        <GlobeIcon className={styles.handleIcon} />
        <span className={styles.handle} title={FEDERATION_TEXT.ownHandleHint}>
          <span className="visually-hidden">{FEDERATION_TEXT.ownHandleLabel}: </span>
          {handle}
        </span>
      </span>
      <button
        type="button"
        className={styles.copyHandle}
        aria-label={FEDERATION_TEXT.copyHandleLabel(handle)}
        title={FEDERATION_TEXT.ownHandleHint}
        onClick={() => void copy()}
      >
        <CopyIcon size={14} />
        {FEDERATION_TEXT.copyHandle}
      </button>
    </div>
  );
}

export interface RemoteOriginProps {
  username: string;
  host: string;
  /** Their own page on that server (the profile answer's `remoteProfileUrl`). */
  profileUrl: string | undefined;
}

/** An account of another server: its full handle, and "on host" linking to its page there. */
export function RemoteOrigin({ username, host, profileUrl }: RemoteOriginProps) {
  const on = FEDERATION_TEXT.onServer(host);
  return (
    <div className={styles.handleRow}>
      <span className={styles.handle}>{remoteHandle(username)}</span>
      <span className={styles.origin}>
        <GlobeIcon className={styles.handleIcon} />
        {profileUrl && /^https?:\/\//i.test(profileUrl) ? (
          <a
            href={profileUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            title={FEDERATION_TEXT.viewOnServer(host)}
            className={styles.originLink}
          >
            {on}
          </a>
        ) : (
          on
        )}
      </span>
    </div>
  );
}
