import { formatCardDate, type Post } from '@glimpse/shared';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { LocalTime } from '../../components/LocalTime';
import { cx } from '../../lib/cx';
import { CARD_TEXT } from '../../lib/text';
import { useAuth } from '../../lib/useAuth';
import moderationStyles from '../moderation/PostModeration.module.css';
import { CardCarousel } from './CardCarousel';
import { FollowButton } from './FollowButton';
import { OwnPostMenu, PostCardMenu } from './OwnPostMenu.lazy';
import styles from './PostCard.module.css';
import { PostStats } from './PostStats';
import { SaveButton } from './SaveButton';
import type { ImagePriority } from './ResponsiveImage';
import { authorName, isFollowRequested, postHref, profileHref, remoteHost } from './post-text';
import { useLikeAction } from './usePostActions';

export interface PostCardProps {
  post: Post;
  /** Replaces navigation to /posts/{id}, e.g. to open the detail modal in place. */
  onOpen?: (post: Post) => void;
  /** Enables the Follow button (shown only when signed in and not on one's own post). */
  onFollow?: (post: Post) => void;
  /** How soon the photo loads: `high` or `eager` for the first cards on screen (default lazy). */
  priority?: ImagePriority;
  className?: string;
}

function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A post in a feed (SPEC §2). The title is the card's one link, stretched over the whole card,
 * so the card reads as one item in the tab order; the photos, author and Follow controls sit
 * above it. The photos open the post on a tap and like it on a double tap (with a heart). A
 * modified click (new tab) always follows the real /posts/{id} address. On a narrow card (two
 * columns on a phone) the Follow button gives its room to the author's name (CSS).
 */
export function PostCard({ post, onOpen, onFollow, priority = 'lazy', className }: PostCardProps) {
  const { user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const like = useLikeAction();
  const name = authorName(post.author);
  const isOwnPost = user?.id === post.author.id;
  const showFollow = isAuthenticated && Boolean(onFollow) && !isOwnPost;
  const excerpt = post.excerpt?.trim();
  // A post from another server (its author is `user@host`): the host, on the date's line.
  const host = remoteHost(post.author.username);

  const handleOpen = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpen || isModifiedClick(event)) return;
    event.preventDefault();
    onOpen(post);
  };

  const openFromPhoto = (event: MouseEvent<HTMLElement>) => {
    if (isModifiedClick(event)) {
      window.open(postHref(post), '_blank', 'noopener');
      return;
    }
    if (onOpen) onOpen(post);
    else void navigate(postHref(post));
  };

  return (
    <article className={cx(styles.card, className)} data-post-card="">
      {/* Someone else's post: Save to collection and Report, in a corner (the byline keeps its room). */}
      {isAuthenticated && !isOwnPost && (
        <PostCardMenu postId={post.id} authorUsername={post.author.username} className={styles.othersMenu} />
      )}
      {post.media.images.length > 0 && (
        <CardCarousel
          images={post.media.images}
          title={post.title}
          priority={priority}
          onOpen={openFromPhoto}
          onLike={() => like(post, { onlyLike: true })}
        />
      )}
      <div className={styles.body}>
        {post.removedByModerator && (
          <p className={moderationStyles.removedNotice} role="note">
            {CARD_TEXT.removedPost}
          </p>
        )}
        <span className={styles.category}>{post.category}</span>
        <h3 className={styles.title}>
          <Link to={postHref(post)} className={styles.link} onClick={handleOpen}>
            {post.title}
          </Link>
        </h3>
        {excerpt && <p className={styles.excerpt}>{excerpt}</p>}
        <div className={styles.meta}>
          <Avatar src={post.author.profile.profilePicture?.url} name={name} size="sm" decorative />
          <span className={styles.byline}>
            <Link to={profileHref(post.author.username)} className={styles.author}>
              {name}
            </Link>
            <span className={styles.date}>
              <LocalTime dateTime={post.createdAt} format={formatCardDate} />
              {post.editedAt && <span className={styles.edited}> · {CARD_TEXT.edited}</span>}
              {host && <span title={CARD_TEXT.fromServer(host)}> · {host}</span>}
            </span>
          </span>
          {showFollow && (
            <FollowButton
              className={styles.follow}
              isFollowing={post.author.isFollowedByUser}
              isRequested={isFollowRequested(post.author)}
              name={name}
              onClick={() => onFollow?.(post)}
            />
          )}
          {isAuthenticated && (
            <SaveButton post={post} className={styles.save} savedClassName={styles.saved} size={18} />
          )}
          {isOwnPost && <OwnPostMenu postId={post.id} className={styles.ownMenu} withSaveToCollection />}
        </div>
        <PostStats post={post} className={styles.stats} />
      </div>
    </article>
  );
}
