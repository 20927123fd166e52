import { SparkleIcon } from '../../components/icons';
import styles from './ProfilePage.module.css';

export interface ComingSoonPanelProps {
  /** e.g. "Collections are coming soon". */
  message: string;
}

/** SPEC §2: Collections and Tagged are placeholders for now. */
export function ComingSoonPanel({ message }: ComingSoonPanelProps) {
  return (
    <div className={styles.comingSoon}>
      <span className={styles.comingSoonIcon}>
        <SparkleIcon />
      </span>
      <p className={styles.comingSoonTitle}>{message}</p>
      <p className={styles.comingSoonText}>We're working on it. Check back soon!</p>
    </div>
  );
}
