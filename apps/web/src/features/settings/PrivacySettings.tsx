import { formatRelativeTime, type SelfUser } from '@glimpse/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { errorReason } from '../../api/http';
import { useAnswerFollowRequestMutation, useFollowRequestsQuery } from '../../api/queries/security';
import { useUpdateProfileMutation } from '../../api/queries/users';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { useToast } from '../../components/useToast';
import { cx } from '../../lib/cx';
import { PRIVACY_SETTINGS_TEXT as TEXT } from '../../lib/text';
import { useAuth } from '../../lib/useAuth';
import switches from './NotificationSettings.module.css';
import own from './Security.module.css';
import styles from './SettingsPage.module.css';

/**
 * Settings → Privacy: the private-account switch (saved at once) and, for a private account, the
 * follow requests waiting for an answer.
 */
export function PrivacySettings({ user }: { user: SelfUser }) {
  const { updateUser } = useAuth();
  const update = useUpdateProfileMutation();
  const toast = useToast();
  const id = useId();
  const isPrivate =
    update.isPending && update.variables.isPrivate !== undefined
      ? update.variables.isPrivate
      : user.isPrivate;

  return (
    <div className={own.stack}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className={styles.cardTitle}>
          {TEXT.title}
        </h3>
        <p className={styles.cardHint}>{TEXT.hint}</p>
        <label className={cx(switches.row, own.lone)}>
          <span>{TEXT.switchLabel}</span>
          <input
            type="checkbox"
            role="switch"
            className={switches.switch}
            checked={isPrivate}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate(
                { isPrivate: event.target.checked },
                {
                  onSuccess: ({ user: saved }) => updateUser(saved),
                  onError: () => toast.show(TEXT.saveFailed, { type: 'error' }),
                },
              )
            }
          />
        </label>
      </section>
      <FollowRequestsCard enabled={user.isPrivate} />
    </div>
  );
}

function FollowRequestsCard({ enabled }: { enabled: boolean }) {
  const requests = useFollowRequestsQuery({ enabled });
  const answer = useAnswerFollowRequestMutation();
  const toast = useToast();
  const id = useId();
  if (!enabled) return null;

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {TEXT.requestsTitle}
      </h3>
      {requests.isPending ? (
        <LoadingState />
      ) : requests.isError ? (
        <ErrorState message={TEXT.requestsLoadFailed} onRetry={() => void requests.refetch()} />
      ) : requests.data.requests.length === 0 ? (
        <p className={own.muted}>{TEXT.requestsEmpty}</p>
      ) : (
        <ul role="list" className={own.list}>
          {requests.data.requests.map(({ user, requestedAt }) => {
            const busy = answer.isPending && answer.variables?.userId === user.id;
            const act = (accept: boolean) =>
              answer.mutate(
                { userId: user.id, accept },
                { onError: (err) => toast.show(errorReason(err), { type: 'error' }) },
              );
            return (
              <li key={user.id} className={own.row}>
                <Avatar
                  src={user.profile.profilePicture?.url}
                  name={user.profile.displayName}
                  size="md"
                  decorative
                />
                <div className={own.rowMain}>
                  <p className={own.rowTitle}>
                    <Link to={`/profile/${encodeURIComponent(user.username)}`}>
                      {user.profile.displayName}
                    </Link>
                  </p>
                  <p className={own.muted}>
                    @{user.username} · {TEXT.requestedAgo(formatRelativeTime(requestedAt))}
                  </p>
                </div>
                <Button
                  size="sm"
                  disabled={busy}
                  aria-label={TEXT.acceptUser(user.username)}
                  onClick={() => act(true)}
                >
                  {TEXT.accept}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  aria-label={TEXT.declineUser(user.username)}
                  onClick={() => act(false)}
                >
                  {TEXT.decline}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
