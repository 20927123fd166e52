import { Link } from 'react-router';
import { HashIcon, PinIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { countLabel } from '../post';
import styles from './SearchResults.module.css';

export interface TermResultProps {
  kind: 'tag' | 'place';
  /** The tag (without "#") or the city. */
  label: string;
  /** Visible posts carrying the tag or located in the city. */
  count: number;
  /** Where it leads: the tag's post search, or the city's Explore feed. */
  to: string;
  /** A chip in the All overview, or a tile in its own tab. */
  variant?: 'tile' | 'chip';
}

/** A tag or a place found, with its post count ("#sunset, 12 posts"); the whole item is one link. */
export function TermResult({ kind, label, count, to, variant = 'tile' }: TermResultProps) {
  return (
    <Link to={to} className={cx(styles.term, variant === 'chip' ? styles.termChip : styles.termTile)}>
      <span className={cx(styles.termIcon, kind === 'place' && styles.placeIcon)}>
        {kind === 'tag' ? <HashIcon /> : <PinIcon size={18} />}
      </span>
      <span className={styles.termText}>
        <span className={styles.termLabel}>{kind === 'tag' ? `#${label}` : label}</span>
        <span className={styles.meta}>{countLabel(count, 'post')}</span>
      </span>
    </Link>
  );
}
