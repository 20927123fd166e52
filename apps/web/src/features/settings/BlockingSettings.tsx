import { formatRelativeTime } from '@glimpse/shared';
import { Link } from 'react-router';
import { errorReason } from '../../api/http';
import { useBlockedUsersQuery, useBlockMutation } from '../../api/queries/moderation';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { useToast } from '../../components/useToast';
import { MODERATION_TEXT } from '../../lib/text';
import moderationStyles from '../moderation/Moderation.module.css';
import styles from './SettingsPage.module.css';

/** Settings → Blocking: whom the member blocked, each with "Unblock". */
export function BlockingSettings() {
  const blocked = useBlockedUsersQuery();
  const unblock = useBlockMutation();
  const toast = useToast();

  return (
    <div className={styles.card}>
      <p className={moderationStyles.muted}>{MODERATION_TEXT.blockingIntro}</p>
      {blocked.isPending ? (
        <LoadingState />
      ) : blocked.isError ? (
        <ErrorState message={MODERATION_TEXT.blockingLoadFailed} onRetry={() => void blocked.refetch()} />
      ) : blocked.data.users.length === 0 ? (
        <p>{MODERATION_TEXT.blockingEmpty}</p>
      ) : (
        <ul role="list" className={moderationStyles.list}>
          {blocked.data.users.map((user) => (
            <li key={user.id} className={moderationStyles.blockedRow}>
              <Avatar
                src={user.profile.profilePicture?.url}
                name={user.profile.displayName}
                size="md"
                decorative
              />
              <div className={moderationStyles.blockedName}>
                <p>
                  <Link to={`/profile/${user.username}`}>{user.profile.displayName}</Link>
                </p>
                <p className={moderationStyles.muted}>
                  @{user.username} · {MODERATION_TEXT.blockedOn(formatRelativeTime(user.blockedAt))}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={MODERATION_TEXT.unblockUser(user.username)}
                disabled={unblock.isPending && unblock.variables?.userId === user.id}
                onClick={() =>
                  unblock.mutate(
                    { userId: user.id, block: false },
                    { onError: (err) => toast.show(errorReason(err), { type: 'error' }) },
                  )
                }
              >
                {MODERATION_TEXT.unblock}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
