import { CHAT_TEXT } from '../../lib/text';
import styles from './ChatPage.module.css';

/** The main pane before a conversation is chosen (SPEC §2 Chat). */
export function WelcomePane() {
  return (
    <div className={styles.welcome}>
      <div className={styles.welcomeIcon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40" focusable="false">
          <path
            d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6A.5.5 0 0 1 5 19.2V16h-.5A.5.5 0 0 1 4 15.5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <path d="M8 8.5h8M8 11.5h5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </div>
      <h2 className={styles.welcomeTitle}>{CHAT_TEXT.welcomeTitle}</h2>
      <p className={styles.welcomeText}>{CHAT_TEXT.welcomeMessage}</p>
    </div>
  );
}
