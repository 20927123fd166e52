import { abbreviateCount, formatJoined, type PublicUser } from '@glimpse/shared';
import { useNavigate } from 'react-router';
import { errorReason } from '../../api/http';
import { useBlockMutation } from '../../api/queries/moderation';
import { useToast } from '../../components/useToast';
import { MODERATION_TEXT } from '../../lib/text';
import { cx } from '../../lib/cx';
import { useAuth } from '../../lib/useAuth';
import { ProfileMenu } from '../moderation';
import { Avatar } from '../../components/Avatar';
import { Button, ButtonLink } from '../../components/Button';
import { CalendarIcon, LinkIcon, PinIcon, VerifiedBadge } from '../../components/icons';
import { authorName, FollowButton, remoteHost, useFollowAction, useInteractionGuard } from '../post';
import { OwnHandle, RemoteOrigin } from './FederatedIdentity';
import styles from './ProfilePage.module.css';
import { displayWebsite, websiteHref } from './profile-identity';

export interface ProfileHeaderProps {
  profile: PublicUser;
  isOwn: boolean;
}

function ProfileStat({ count, label }: { count: number; label: string }) {
  return (
    <li className={styles.stat} title={`${count.toLocaleString('en-US')} ${label}`}>
      <span className={styles.statValue}>{abbreviateCount(count)}</span>{' '}
      <span className={styles.statLabel}>{label}</span>
    </li>
  );
}

/** SPEC §2 profile header: who they are, their numbers, and what the viewer can do. */
export function ProfileHeader({ profile, isOwn }: ProfileHeaderProps) {
  const navigate = useNavigate();
  const follow = useFollowAction();
  const { requireSignIn } = useInteractionGuard();
  const name = authorName(profile);
  const { bio, location, website, displayName, profilePicture } = profile.profile;
  const stats = profile.stats;
  // The top-level count is the one follow answers patch; stats may lag behind it.
  const followers = profile.followersCount ?? stats.followersCount;
  const { isAuthenticated } = useAuth();
  const toast = useToast();
  const unblock = useBlockMutation();
  const isBlocked = Boolean(profile.isBlockedByUser);
  // An account of another server (username `user@host`): no chat, and a follow is a request
  // until its server accepts it.
  const host = remoteHost(profile.username);

  const onMessage = () => {
    const chatWith = `/chat?userId=${encodeURIComponent(profile.id)}`;
    if (!requireSignIn({ returnTo: chatWith })) return;
    void navigate(chatWith);
  };

  return (
    <header className={styles.header}>
      <Avatar
        src={profilePicture?.url}
        name={name}
        alt={`${name}'s profile photo`}
        size="xl"
        className={styles.avatar}
      />
      <div className={styles.identity}>
        <div className={styles.nameRow}>
          <h1 className={styles.username}>
            {host ? profile.username.slice(0, profile.username.indexOf('@')) : profile.username}
          </h1>
          {/* Named: the check mark alone says nothing to a screen reader. */}
          {profile.account?.isVerified && <VerifiedBadge title="Verified" />}
        </div>
        {host && (
          <RemoteOrigin username={profile.username} host={host} profileUrl={profile.remoteProfileUrl} />
        )}
        {isOwn && <OwnHandle username={profile.username} />}
        {displayName?.trim() && <p className={styles.displayName}>{displayName}</p>}
        {bio?.trim() && <p className={styles.bio}>{bio}</p>}
        <ul role="list" className={styles.meta}>
          {location?.trim() && (
            <li>
              <PinIcon size={16} />
              <span>{location}</span>
            </li>
          )}
          {profile.createdAt && (
            <li>
              <CalendarIcon />
              <span>{formatJoined(profile.createdAt)}</span>
            </li>
          )}
          {website?.trim() && (
            <li>
              <LinkIcon />
              <a
                href={websiteHref(website)}
                target="_blank"
                rel="noopener noreferrer"
                className={styles.website}
              >
                {displayWebsite(website)}
              </a>
            </li>
          )}
        </ul>
        <ul role="list" className={styles.stats} aria-label="Profile stats">
          <ProfileStat count={stats.postsCount} label="Posts" />
          <ProfileStat count={followers} label="Followers" />
          <ProfileStat count={stats.followingCount} label="Following" />
        </ul>
      </div>
      <div className={cx(styles.actions, host && styles.remoteActions)}>
        {isOwn ? (
          <ButtonLink to="/settings" variant="secondary">
            Settings
          </ButtonLink>
        ) : isBlocked ? (
          <>
            <p className={styles.bio}>{MODERATION_TEXT.blockedNotice}</p>
            <Button
              variant="secondary"
              isLoading={unblock.isPending}
              onClick={() =>
                unblock.mutate(
                  { userId: profile.id, block: false },
                  { onError: (err) => toast.show(errorReason(err), { type: 'error' }) },
                )
              }
            >
              {MODERATION_TEXT.unblock}
            </Button>
          </>
        ) : (
          <>
            <FollowButton
              size="md"
              className={styles.followButton}
              isFollowing={Boolean(profile.isFollowedByUser)}
              isRequested={Boolean(profile.isFollowRequested)}
              name={name}
              onClick={() =>
                follow({
                  id: profile.id,
                  isFollowedByUser: Boolean(profile.isFollowedByUser),
                  isPrivate: profile.isPrivate || host !== null,
                  isFollowRequested: profile.isFollowRequested,
                })
              }
            />
            {!host && (
              <Button variant="secondary" onClick={onMessage}>
                Message
              </Button>
            )}
            {isAuthenticated && <ProfileMenu user={profile} />}
          </>
        )}
      </div>
    </header>
  );
}
