import type { Category, FeedSort, Permission, Privacy, SearchType } from './constants.js';
import type { Pagination } from './schemas/common.js';

/** Wire shapes of API.md "Objects". Every object carries both `id` and `_id`. */

export interface ProfilePicture {
  url: string;
  filename: string;
  uploadedAt: string;
}

export interface SocialLinks {
  [network: string]: string;
}

export interface PublicProfile {
  displayName: string;
  firstName: string;
  lastName: string;
  bio: string;
  location: string;
  website: string;
  profilePicture: ProfilePicture | null;
  socialLinks: SocialLinks;
}

export interface UserStats {
  postsCount: number;
  followersCount: number;
  followingCount: number;
}

export interface PublicUser {
  id: string;
  _id: string;
  username: string;
  profile: PublicProfile;
  account: { isVerified: boolean };
  stats: UserStats;
  followersCount: number;
  isFollowedByUser?: boolean;
  activity: { isOnline: boolean; lastActiveAt: string | null };
  createdAt: string;
}

export interface UserPreferences {
  [key: string]: unknown;
}

export interface SelfUser extends Omit<PublicUser, 'profile'> {
  email: string;
  profile: PublicProfile & { phoneNumber: string };
  preferences: UserPreferences;
  moderation: { permissions: Permission[]; isAdmin: boolean; isModerator: boolean };
}

export interface Author {
  id: string;
  _id: string;
  username: string;
  profile: { displayName: string; profilePicture: ProfilePicture | null };
  account: { isVerified: boolean };
  followersCount: number;
  isFollowedByUser: boolean;
}

export interface ImageVariant {
  width: number;
  url: string;
}

export interface PostImage {
  url: string;
  altText: string;
  caption: string;
  width: number;
  height: number;
  placeholder: string | null;
  variants: ImageVariant[];
}

export interface PostLocation {
  name: string;
  coordinates: { latitude: number; longitude: number } | null;
  address: { street: string; city: string; state: string; country: string; zipCode: string };
}

export interface Comment {
  id: string;
  _id: string;
  content: string;
  createdAt: string;
  user: {
    id: string;
    _id: string;
    username: string;
    profile: { displayName: string; profilePicture: ProfilePicture | null };
  };
}

export interface Post {
  id: string;
  _id: string;
  title: string;
  content: string;
  excerpt: string;
  category: Category;
  tags: string[];
  privacy: Privacy;
  city: string | null;
  location: PostLocation | null;
  media: { images: PostImage[] };
  author: Author;
  analytics: { views: number; shares: number };
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
  isLikedByUser: boolean;
  createdAt: string;
  updatedAt: string;
  /** Only on the detail call. */
  engagement?: { comments: Comment[] };
}

export interface PostList {
  posts: Post[];
  pagination: Pagination;
}

export interface UploadedMedia {
  url: string;
  width: number;
  height: number;
  placeholder: string | null;
  variants: ImageVariant[];
}

export interface LocationStat {
  city: string;
  count: number;
}

export interface TagStat {
  tag: string;
  count: number;
}

export interface SearchResponse {
  query: string;
  type: SearchType;
  results: { posts: Post[]; users: PublicUser[]; tags: TagStat[]; places: LocationStat[] };
  pagination: Pagination;
}

export interface ChatParticipant {
  id: string;
  _id: string;
  username: string;
  profile: { displayName: string; profilePicture: ProfilePicture | null };
  activity: { isOnline: boolean; lastActiveAt: string | null };
}

export interface MessageSender {
  id: string;
  _id: string;
  username: string;
  profilePicture: ProfilePicture | null;
  profile: { displayName: string; profilePicture: ProfilePicture | null };
}

export interface ReadReceipt {
  user: string;
  readAt: string;
}

export interface Message {
  id: string;
  _id: string;
  chatId: string;
  chat: string;
  content: string;
  messageType: 'text';
  sender: MessageSender;
  timestamp: string;
  createdAt: string;
  readBy: ReadReceipt[];
  tempId?: string;
}

export interface Chat {
  id: string;
  _id: string;
  type: 'direct' | 'group';
  groupInfo: { name: string } | null;
  participants: ChatParticipant[];
  lastMessage: Message | null;
  lastActivity: string;
  unreadCount: number;
  createdAt: string;
}

export interface AuthResponse {
  message: string;
  user: SelfUser;
  token: string;
}

/** The JWT payload clients decode (SPEC §3). */
export interface TokenPayload {
  userId: string;
  username: string;
  email: string;
  iat: number;
  exp: number;
}

export type { Category, FeedSort, Permission, Privacy, SearchType, Pagination };
