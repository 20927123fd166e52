import {
  abbreviateCount,
  formatCardDate,
  makeExcerpt,
  type Post,
  type PostDetail as PostWithComments,
} from '@glimpse/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { commentsOf } from '../../api/queries/posts';
import { Avatar } from '../../components/Avatar';
import { LocalTime } from '../../components/LocalTime';
import { LoadingState } from '../../components/Spinner';
import { HeartIcon, PinIcon, ShareIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { useAuth } from '../../lib/useAuth';
import { PostMenu } from '../moderation/PostMenu';
import postModerationStyles from '../moderation/PostModeration.module.css';
import { COLLECTION_TEXT, EDIT_POST_TEXT, MODERATION_TEXT } from '../../lib/text';
import { SaveToCollectionDialog } from '../collections/SaveToCollectionDialog';
import { ShareDialog } from '../share/ShareDialog';
import { CommentForm } from './CommentForm';
import { CommentList } from './CommentList';
import { FollowButton } from './FollowButton';
import { ImageViewer } from './ImageViewer';
import { OwnPostMenu } from './OwnPostMenu';
import styles from './PostDetail.module.css';
import { PostGallery } from './PostGallery';
import { PostStats } from './PostStats';
import { SaveButton } from './SaveButton';
import { TaggedPeople } from './TaggedPeople';
import {
  authorName,
  isFollowRequested,
  photoCountLabel,
  profileHref,
  remoteHandle,
  tagHref,
} from './post-text';
import { RichText } from './RichText';
import { usePostActions } from './usePostDetailActions';

const localDateTime = (iso: string) => new Date(iso).toLocaleString();

export interface PostDetailProps {
  /** The detail, or a copy from a list (comment ids only) while the detail loads. */
  post: Post | PostWithComments;
  /** `modal`: two columns inside the detail dialog; `page`: the /posts/{id} page. */
  variant: 'modal' | 'page';
  /** The post shown is a feed copy without comments yet; the detail is on its way. */
  isLoadingComments?: boolean;
  /** After its author deleted it from the ⋯ menu (close the dialog, leave the page). */
  onDeleted?: () => void;
}

/**
 * Everything about one post (SPEC §2): images and full-size viewer, author with Follow, title,
 * category, date, content, tags, location, stats, Like and Share, and the comments.
 */
export function PostDetail({ post, variant, isLoadingComments = false, onDeleted }: PostDetailProps) {
  const { user, isAuthenticated } = useAuth();
  const actions = usePostActions(post);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [isCollecting, setIsCollecting] = useState(false);
  const name = authorName(post.author);
  const isOwnPost = user?.id === post.author.id;
  const images = post.media.images;
  // In the modal the dialog's own (visually hidden) title is the heading; a second one would be
  // announced twice.
  const Title = variant === 'page' ? 'h1' : 'p';
  const SectionHeading = variant === 'page' ? 'h2' : 'h3';
  const comments = commentsOf(post);

  return (
    <article className={cx(styles.detail, styles[variant], images.length === 0 && styles.noMedia)}>
      {images.length > 0 && (
        <div className={styles.media}>
          <PostGallery
            images={images}
            title={post.title}
            onOpenImage={setViewerIndex}
            onLike={actions.likeFromPhoto}
          />
        </div>
      )}

      <div className={styles.side}>
        <header className={styles.authorRow}>
          <Link to={profileHref(post.author.username)} className={styles.author}>
            <Avatar src={post.author.profile.profilePicture?.url} name={name} size="md" decorative />
            <span className={styles.names}>
              <span className={styles.displayName}>{name}</span>
              {/* `@ava@pixelfed.social` for an account of another server: where the post comes from. */}
              <span className={styles.username}>{remoteHandle(post.author.username)}</span>
            </span>
          </Link>
          {!isOwnPost && (
            <FollowButton
              size="md"
              isFollowing={post.author.isFollowedByUser}
              isRequested={isFollowRequested(post.author)}
              name={name}
              onClick={actions.follow}
            />
          )}
          {isAuthenticated && !isOwnPost && (
            <PostMenu postId={post.id} authorUsername={post.author.username} />
          )}
          {isOwnPost && <OwnPostMenu postId={post.id} onDeleted={onDeleted} />}
        </header>

        <div className={styles.scroll}>
          <div className={styles.body}>
            {post.removedByModerator && (
              <p className={postModerationStyles.removedNotice} role="note">
                {MODERATION_TEXT.removedPost}
              </p>
            )}
            <p className={styles.meta}>
              <span className={styles.category}>{post.category}</span>
              <LocalTime dateTime={post.createdAt} format={formatCardDate} title={localDateTime} />
              {post.editedAt && (
                <LocalTime
                  dateTime={post.editedAt}
                  format={() => EDIT_POST_TEXT.edited}
                  title={localDateTime}
                />
              )}
              {variant === 'page' && images.length > 0 && <span>{photoCountLabel(images.length)}</span>}
            </p>
            <Title className={styles.title}>{post.title}</Title>
            <RichText text={post.content} className={styles.content} linkClassName={styles.textLink} />
            {post.tags.length > 0 && (
              <ul role="list" className={styles.tags} aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <Link to={tagHref(tag)} className={styles.tag}>
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {post.location?.name && (
              <p className={styles.location}>
                <PinIcon />
                <span>{post.location.name}</span>
              </p>
            )}
            {/* A post kept offline from before tags (the service worker's cache) has no list. */}
            <TaggedPeople postId={post.id} taggedUsers={post.taggedUsers ?? []} viewerId={user?.id} />
            <PostStats post={post} variant="full" className={styles.stats} />
          </div>

          <section className={styles.comments} aria-labelledby={`comments-${post.id}`}>
            <SectionHeading id={`comments-${post.id}`} className={styles.commentsTitle}>
              Comments
            </SectionHeading>
            {isLoadingComments && comments.length === 0 ? (
              <LoadingState message="Loading comments..." className={styles.commentsLoading} />
            ) : (
              <CommentList comments={comments} postId={post.id} postAuthorId={post.author.id} />
            )}
          </section>
        </div>

        <footer className={styles.footer}>
          <div className={styles.actions}>
            <button
              type="button"
              className={cx(styles.action, post.isLikedByUser && styles.liked)}
              aria-label={post.isLikedByUser ? 'Unlike' : 'Like'}
              aria-pressed={post.isLikedByUser}
              onClick={actions.toggleLike}
            >
              <HeartIcon size={22} filled={post.isLikedByUser} />
              <span aria-hidden="true">{abbreviateCount(post.likesCount)}</span>
            </button>
            <button
              type="button"
              className={styles.action}
              aria-label="Share"
              disabled={actions.isSharing}
              onClick={actions.openShare}
            >
              <ShareIcon size={22} />
              <span aria-hidden="true">{abbreviateCount(post.sharesCount)}</span>
            </button>
            <SaveButton post={post} className={styles.action} savedClassName={styles.liked} showCount />
            {isAuthenticated && (
              <button type="button" className={styles.action} onClick={() => setIsCollecting(true)}>
                {COLLECTION_TEXT.saveTo}
              </button>
            )}
          </div>

          <div className={styles.commentBox}>
            <CommentForm
              isAuthenticated={actions.isAuthenticated}
              isPosting={actions.isCommenting}
              onSubmit={actions.addComment}
              error={actions.commentError}
              onEdit={actions.clearCommentError}
            />
          </div>
        </footer>
      </div>

      <ImageViewer
        images={images}
        open={viewerIndex !== null}
        onOpenChange={(open) => !open && setViewerIndex(null)}
        initialIndex={viewerIndex ?? 0}
        title={post.title}
        fallbackCaption={makeExcerpt(post.content)}
      />
      {isCollecting && (
        <SaveToCollectionDialog
          postId={post.id}
          open
          onOpenChange={(open) => !open && setIsCollecting(false)}
        />
      )}
      <ShareDialog
        open={actions.share.open}
        onOpenChange={actions.setShareOpen}
        url={actions.share.url}
        title={post.title}
        content={post.content}
        includeEmail
        onShared={actions.recordShare}
      />
    </article>
  );
}
