/**
 * The post building blocks other features reuse (profile, search, explore):
 * - PostCard { post, onOpen?(post), onFollow?(post), priority?: 'high' | 'eager' | 'lazy' }
 * - PostGrid { posts, onOpenPost?(post), onFollow?(post), label? }: masonry grid of cards
 * - PostFeed: PostGrid + infinite scroll + loading/empty/error/end states (texts: FEED_TEXT in lib/text)
 * - PostGridSkeleton / PostDetailSkeleton: placeholders while a grid or a post loads
 * - PostDetailModal { postId? | post?, open, onOpenChange }
 * - PostDetail { post, variant: 'modal' | 'page' }
 * - useFollowAction(): (author) => void, with the sign-in and 401/403 rules
 * - usePostModal(): open/close state for PostDetailModal, optionally mirrored in ?post=<id>
 */
export { PostCard, type PostCardProps } from './PostCard';
export { PostGrid, type PostGridProps } from './PostGrid';
export { PostFeed, type PostFeedProps } from './PostFeed';
export { PostDetailSkeleton, PostGridBones, PostGridSkeleton } from './PostSkeletons';
export { PostDetailModal } from './PostDetailModal.lazy';
export type { PostDetailModalProps } from './PostDetailModal';
export { PostDetail, type PostDetailProps } from './PostDetail';
export { PostStats, type PostStatsProps } from './PostStats';
export { FollowButton, type FollowButtonProps } from './FollowButton';
export { ImageViewer, type ImageViewerProps } from './ImageViewer';
export { ResponsiveImage, type ResponsiveImageProps } from './ResponsiveImage';
export { useFollowAction } from './usePostActions';
export { usePostActions } from './usePostDetailActions';
export { useInteractionGuard, type InteractionGuard } from './useInteractionGuard';
export { usePostModal, type PostModalState } from './usePostModal';
export {
  authorName,
  countLabel,
  photoCountLabel,
  postHref,
  profileHref,
  remoteHandle,
  remoteHost,
} from './post-text';
