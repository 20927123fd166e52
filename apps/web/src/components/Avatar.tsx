import { useState } from 'react';
import { cx } from '../lib/cx';
import styles from './Avatar.module.css';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps {
  /** Image URL; null/empty (or a failed load) shows the first letter of `name`. */
  src?: string | null;
  /** The person's name (display name or username); the placeholder letter and default alt text. */
  name: string;
  /** Overrides the alt text. Use `decorative` instead when the name is printed right beside it. */
  alt?: string;
  decorative?: boolean;
  size?: AvatarSize;
  className?: string;
}

export function Avatar({ src, name, alt, decorative = false, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = decorative ? '' : (alt ?? name);
  const classes = cx(styles.avatar, styles[size], className);

  if (src && failedSrc !== src) {
    return <img className={classes} src={src} alt={label} loading="lazy" onError={() => setFailedSrc(src)} />;
  }
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      className={cx(classes, styles.placeholder)}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      {initial}
    </span>
  );
}
