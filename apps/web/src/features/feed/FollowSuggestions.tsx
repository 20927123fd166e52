import { abbreviateCount } from '@glimpse/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useUsersListQuery } from '../../api/queries/users-list';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Skeleton, SkeletonScreen } from '../../components/Skeleton';
import { FollowButton } from '../post/FollowButton';
import { authorName, profileHref } from '../post/post-text';
import { useFollowAction } from '../post/usePostActions';
import styles from './FollowSuggestions.module.css';
import { FOLLOWING_EMPTY_TEXT } from '../../lib/text';

/** How many people the empty Following feed suggests. */
export const SUGGESTIONS_SHOWN = 6;

export interface FollowSuggestionsProps {
  /** Reloads the Following feed (after at least one follow); without it there is no such button. */
  onShowPosts?: () => void;
  /** The panel's heading and line (the empty Following feed's by default). */
  title?: string;
  message?: string;
  /** Under the list, e.g. the sign-up step's Skip and Continue. */
  footer?: ReactNode;
}

/**
 * The empty Following tab of a member who follows no one with posts: people to follow (from
 * GET /api/users), then a way to see their posts. Someone followed here stays in the list (as
 * "Following") so the list does not jump under the finger.
 */
export function FollowSuggestions({
  onShowPosts,
  title = FOLLOWING_EMPTY_TEXT.title,
  message = FOLLOWING_EMPTY_TEXT.message,
  footer,
}: FollowSuggestionsProps) {
  const users = useUsersListQuery('');
  const follow = useFollowAction();
  const [followedHere, setFollowedHere] = useState<ReadonlySet<string>>(new Set());
  const people = (users.data ?? [])
    .filter((person) => !person.isFollowedByUser || followedHere.has(person.id))
    .slice(0, SUGGESTIONS_SHOWN);
  const hasFollowed = (users.data ?? []).some((p) => followedHere.has(p.id) && p.isFollowedByUser);

  return (
    <section className={styles.panel} aria-labelledby="following-empty-title">
      <h2 id="following-empty-title" className={styles.title}>
        {title}
      </h2>
      <p className={styles.message}>{message}</p>
      {users.isPending ? (
        <SkeletonScreen label="Loading people to follow...">
          <ul role="list" className={styles.list} aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className={styles.person}>
                <Skeleton shape="circle" width={48} height={48} />
                <span className={styles.who}>
                  <Skeleton width="50%" />
                  <Skeleton width="30%" height={12} />
                </span>
              </li>
            ))}
          </ul>
        </SkeletonScreen>
      ) : people.length === 0 ? (
        <p className={styles.message}>{FOLLOWING_EMPTY_TEXT.noOne}</p>
      ) : (
        <ul role="list" className={styles.list} aria-label="Suggested people">
          {people.map((person) => {
            const name = authorName(person);
            return (
              <li key={person.id} className={styles.person}>
                <Avatar src={person.profile.profilePicture?.url} name={name} size="md" decorative />
                <span className={styles.who}>
                  <Link to={profileHref(person.username)} className={styles.name}>
                    {name}
                  </Link>
                  <span className={styles.meta}>
                    @{person.username} · {abbreviateCount(person.followersCount)}{' '}
                    {person.followersCount === 1 ? 'follower' : 'followers'}
                  </span>
                </span>
                <FollowButton
                  size="md"
                  name={name}
                  isFollowing={Boolean(person.isFollowedByUser)}
                  onClick={() => {
                    setFollowedHere((set) => new Set(set).add(person.id));
                    follow(person);
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
      {onShowPosts && hasFollowed && (
        <Button className={styles.showPosts} onClick={onShowPosts}>
          {FOLLOWING_EMPTY_TEXT.showPosts}
        </Button>
      )}
      {footer}
    </section>
  );
}
