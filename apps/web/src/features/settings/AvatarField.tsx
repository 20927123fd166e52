import { AVATAR_RECOMMENDED_MIN_PX, MAX_AVATAR_BYTES, MSG } from '@glimpse/shared';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import styles from './SettingsPage.module.css';

export interface AvatarFieldProps {
  /** The saved picture, shown until a new one is chosen. */
  currentUrl: string | null;
  /** For the letter placeholder. */
  name: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  error?: string;
  onError: (message: string | null) => void;
  /** 0–100 while the upload runs, else null. */
  progress: number | null;
}

const HINT = `Recommended: a square image of at least ${AVATAR_RECOMMENDED_MIN_PX}x${AVATAR_RECOMMENDED_MIN_PX} pixels, under 5MB.`;

/** Object URL for the chosen file; revoked when the file changes so previews do not leak memory. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // jsdom and very old browsers have no object URLs: fall back to the saved picture.
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** SPEC §5 "Avatar": an image under 5MB, checked before anything is sent. */
export function AvatarField({
  currentUrl,
  name,
  file,
  onFileChange,
  error,
  onError,
  progress,
}: AvatarFieldProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const previewUrl = usePreviewUrl(file);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) return onError(MSG.avatarInvalid);
    if (chosen.size > MAX_AVATAR_BYTES) return onError(MSG.avatarTooLarge);
    onError(null);
    onFileChange(chosen);
  };

  return (
    <div className={styles.avatarRow}>
      <Avatar
        src={previewUrl ?? currentUrl}
        name={name || '?'}
        alt={file ? 'New profile photo preview' : 'Current profile photo'}
        size="xl"
      />
      <div className={styles.avatarControls}>
        <div className={styles.avatarButtons}>
          <label htmlFor={inputId} className={styles.fileButton}>
            {file ? 'Choose Another Photo' : 'Upload New Photo'}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={onChange}
            disabled={progress !== null}
            aria-invalid={error ? true : undefined}
            aria-describedby={messageId}
          />
          {file && progress === null && (
            <Button variant="ghost" size="sm" onClick={() => onFileChange(null)}>
              Discard New Photo
            </Button>
          )}
        </div>
        {file && <p className={styles.fileName}>{file.name}</p>}
        <p id={messageId} className={error ? styles.fieldError : styles.hint}>
          {error ?? HINT}
        </p>
        {progress !== null && (
          <div
            className={styles.progress}
            role="progressbar"
            aria-label="Avatar upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div className={styles.progressFill} style={{ width: `${progress}%` }} />
          </div>
        )}
      </div>
    </div>
  );
}
