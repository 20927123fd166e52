import { makeShareDescription, SHARE_COPY_CONFIRM_MS } from '@glimpse/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from '../../components/Modal';
import { EmailIcon, FacebookIcon, LinkIcon, WhatsAppIcon, XIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import {
  buildEmailLink,
  buildShareLink,
  copyText,
  openSharePopup,
  type PopupShareTarget,
  type ShareContent,
} from './share-links';
import styles from './ShareDialog.module.css';
import { SHARE_TEXT } from '../../lib/text';

export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link to share (the server's shareUrl, or origin + /posts/{id}). */
  url: string;
  /** Post title (tweet text, email subject). */
  title: string;
  /** The post's full content; shortened to 150 characters + "…" for the description. */
  content?: string;
  /** Post dialogs add an email draft (SPEC §2). */
  includeEmail?: boolean;
  /** A share was made: the link went to a platform or an email draft, or was copied. */
  onShared?: () => void;
}

const POPUP_TARGETS: Array<{ target: PopupShareTarget; label: string; icon: ReactNode }> = [
  { target: 'twitter', label: 'Twitter', icon: <XIcon /> },
  { target: 'facebook', label: 'Facebook', icon: <FacebookIcon /> },
  { target: 'whatsapp', label: 'WhatsApp', icon: <WhatsAppIcon /> },
];

/** Share to Twitter, Facebook, WhatsApp (600x400 popup) or email, or copy the link. */
export function ShareDialog({
  open,
  onOpenChange,
  url,
  title,
  content = '',
  includeEmail = true,
  onShared,
}: ShareDialogProps) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const linkId = useId();
  const share: ShareContent = { url, title, description: makeShareDescription(content) };

  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async () => {
    const ok = await copyText(url);
    setCopyState(ok ? 'copied' : 'failed');
    if (ok) onShared?.();
    clearTimeout(timer.current);
    if (ok) timer.current = setTimeout(() => setCopyState('idle'), SHARE_COPY_CONFIRM_MS);
  };

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      clearTimeout(timer.current);
      setCopyState('idle');
    }
    onOpenChange(next);
  };

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title={SHARE_TEXT.title}
      description={title || undefined}
      size="sm"
    >
      <ul role="list" className={styles.targets}>
        {POPUP_TARGETS.map(({ target, label, icon }) => (
          <li key={target}>
            <button
              type="button"
              className={cx(styles.target, styles[target])}
              onClick={() => {
                openSharePopup(buildShareLink(target, share));
                onShared?.();
              }}
            >
              <span className={styles.icon}>{icon}</span>
              {label}
            </button>
          </li>
        ))}
        {includeEmail && (
          <li>
            <a className={cx(styles.target, styles.email)} href={buildEmailLink(share)} onClick={onShared}>
              <span className={styles.icon}>
                <EmailIcon />
              </span>
              Email
            </a>
          </li>
        )}
      </ul>
      <div className={styles.copyRow}>
        <label htmlFor={linkId} className="visually-hidden">
          Link
        </label>
        <input
          id={linkId}
          className={styles.link}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className={cx(styles.copy, copyState === 'copied' && styles.copied)}
          onClick={() => void onCopy()}
        >
          <LinkIcon size={18} />
          {/* A live label: the confirmation is announced where the person's focus already is. */}
          <span aria-live="polite">{copyState === 'copied' ? SHARE_TEXT.copied : SHARE_TEXT.copy}</span>
        </button>
      </div>
      {copyState === 'failed' && (
        <p className={styles.status} role="alert">
          {SHARE_TEXT.copyFailed}
        </p>
      )}
    </Modal>
  );
}
