import type { NotificationSettings as Switches } from '@glimpse/shared';
import { useId } from 'react';
import {
  useNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
} from '../../api/queries/notifications';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { useToast } from '../../components/useToast';
import { COMMON_TEXT, NOTIFICATION_SETTINGS_TEXT as TEXT } from '../../lib/text';
import own from './NotificationSettings.module.css';
import styles from './SettingsPage.module.css';

const SWITCHES: ReadonlyArray<keyof Switches> = [
  'likes',
  'comments',
  'follows',
  'mentions',
  'tags',
  'followRequests',
];

/**
 * Settings → Notifications: one switch per type, saved at once (stored in the member's
 * preferences); the server then writes no notification of a switched-off type.
 */
export function NotificationSettings() {
  const query = useNotificationSettingsQuery();
  const update = useUpdateNotificationSettingsMutation();
  const toast = useToast();
  const name = useId();

  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState
        message={TEXT.loadFailed}
        onRetry={() => void query.refetch()}
        retryLabel={COMMON_TEXT.tryAgain}
      />
    );
  const settings = query.data;
  return (
    <section className={styles.card} aria-labelledby={`${name}-title`}>
      <h3 id={`${name}-title`} className={styles.cardTitle}>
        {TEXT.title}
      </h3>
      <p className={styles.cardHint}>{TEXT.intro}</p>
      <ul role="list" className={own.switches}>
        {SWITCHES.map((key) => (
          <li key={key}>
            <label className={own.row}>
              <span>{TEXT[key]}</span>
              <input
                type="checkbox"
                role="switch"
                className={own.switch}
                checked={settings[key]}
                onChange={(event) =>
                  update.mutate(
                    { [key]: event.target.checked },
                    { onError: () => toast.show(TEXT.saveFailed, { type: 'error' }) },
                  )
                }
              />
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
