/** Posts, pages, people, collections, search and notifications. Part of the catalogue in ../messages.ts (import from there). */

import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_TITLE_MAX_LENGTH,
  COLLECTIONS_LIST_MAX,
  CATEGORIES,
  COMMENT_MAX_LENGTH,
  CONTENT_MAX_LENGTH,
  FEED_CATEGORIES,
  FEED_SORTS,
  MAX_IMAGES_PER_POST,
  MAX_TAGGED_USERS,
  MAX_TAGS,
  NOTIFICATION_FILTERS,
  PRIVACY_VALUES,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_TYPES,
  SHARE_TYPES,
  TAG_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '../constants.js';

/** Texts of the posts and media calls that SPEC/API.md leave to us. */
export const POST_MSG = {
  created: 'Post created successfully',
  deleted: 'Post deleted successfully',
  notFound: 'Post not found',
  invalidPostId: 'Invalid post ID',
  notAllowedToDelete: 'You can only delete your own posts',
  updated: 'Post updated successfully',
  notAllowedToEdit: 'You can only edit your own posts',
  nothingToUpdate: 'Send at least one field to change',
  imageNotInPost: 'Each image must be one of the images of this post',
  notAllowedToEditComment: 'You can only edit your own comments',
  tagRequired: 'A tag is required',
  titleTooLong: `Title must be at most ${TITLE_MAX_LENGTH} characters`,
  contentTooLong: `Description must be at most ${CONTENT_MAX_LENGTH} characters`,
  invalidCategory: `Category must be one of ${CATEGORIES.join(', ')}`,
  invalidPrivacy: `Privacy must be one of ${PRIVACY_VALUES.join(', ')}`,
  tooManyTags: `You can add at most ${MAX_TAGS} tags`,
  tagTooLong: `Each tag must be at most ${TAG_MAX_LENGTH} characters`,
  tagsNotText: 'Tags must be a list of text',
  tagNotText: 'Each tag must be text',
  tooManyImages: `You can upload maximum ${MAX_IMAGES_PER_POST} images per post`,
  noImages: 'Please select at least one image',
  imageUrlRequired: 'Each image needs a url',
  imageTooManyPixels: 'Image dimensions are too large (at most 50 megapixels)',
  imageNotUploaded: 'Each image must be one of your own uploads that is not already used in a post',
  duplicateImage: 'Each image can be added to a post only once',
  commentTooLong: `Comment must be at most ${COMMENT_MAX_LENGTH} characters`,
  invalidShareType: `Share type must be one of ${SHARE_TYPES.join(', ')}`,
  invalidSort: `Sort must be one of ${FEED_SORTS.join(', ')}`,
  invalidLikedSort: 'Sort must be newest',
  invalidFeedCategory: `Category must be one of ${FEED_CATEGORIES.join(', ')}`,
  invalidFollowing: 'Following must be true or false',
  latitudeInvalid: 'Latitude must be between -90 and 90',
  longitudeInvalid: 'Longitude must be between -180 and 180',
  taggedUsersNotList: 'Tagged people must be a list of member IDs',
  taggedUserIdInvalid: 'Each tagged person must be a member ID',
  tooManyTaggedUsers: `You can tag at most ${MAX_TAGGED_USERS} people`,
  taggedUserNotFound: 'Each tagged person must be an active member',
  taggedUserBlocked: 'You cannot tag a member you blocked or who blocked you',
  untagged: 'You were removed from this post',
  notTagged: 'You are not tagged in this post',
} as const;

/**
 * What a link shows where it is pasted: the server-rendered `<head>` (title, description, Open
 * Graph, Twitter card) of the public pages. Titles end in " · Glimpse" as the tab's title does.
 */
export const PAGE_MSG = {
  siteName: 'Glimpse',
  siteDescription: 'Share photos and moments with the people you follow.',
  title: (page: string) => `${page} · Glimpse`,
  homeTitle: 'Home',
  homeDescription: 'The newest photos and moments shared on Glimpse.',
  exploreTitle: (city: string) => `Explore ${city}`,
  exploreDescription: (city: string) => `Photos and moments shared in ${city}.`,
  searchTitle: (query: string) => (query ? `Search: ${query}` : 'Search'),
  searchDescription: (query: string) =>
    query ? `Posts, people and places matching "${query}".` : 'Search posts, people and places.',
  profileTitle: (displayName: string, username: string) => `${displayName} (@${username})`,
  profileDescription: (posts: number, followers: number) =>
    `${posts} ${posts === 1 ? 'post' : 'posts'}, ${followers} ${followers === 1 ? 'follower' : 'followers'} on Glimpse.`,
  photoBy: (displayName: string) => `A photo by ${displayName}`,
  notFoundTitle: 'Page not found',
  notFoundDescription: 'This page does not exist or is not visible to you.',
} as const;

/** Texts of the People calls (API.md) that MSG does not hold; clients compare them exactly. */
export const USER_MSG = {
  invalidUserId: 'Invalid user ID',
  userNotFound: 'User not found',
  invalidPasswordData: 'Invalid password data',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  invalidProfilePicture: 'Invalid profile picture',
  passwordRequired: 'Password is required to delete your account',
  passwordIncorrect: 'Password is incorrect',
  accountDeleted: 'Account deleted',
  tooManyExports: 'You have downloaded your data several times in the last hour. Please try again later.',
} as const;

/** Texts of the notification calls (issue 13). */
export const NOTIFICATION_MSG = {
  invalidNotificationId: 'Invalid notification ID',
  notFound: 'Notification not found',
  invalidType: `Type must be one of ${NOTIFICATION_FILTERS.join(', ')}`,
  invalidSettings:
    'Notification settings must be true or false for likes, comments, follows, mentions, followRequests and tags',
} as const;

/** Collections (issue 30). */
export const COLLECTION_MSG = {
  titleRequired: 'A collection needs a title',
  titleTooLong: `The title must be at most ${COLLECTION_TITLE_MAX_LENGTH} characters`,
  descriptionTooLong: `The description must be at most ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters`,
  isPrivateInvalid: 'Private must be true or false',
  invalidCollectionId: 'Invalid collection ID',
  notFound: 'Collection not found',
  notYours: 'You can only change your own collections',
  deleted: 'Collection deleted',
  tooMany: `You can have at most ${COLLECTIONS_LIST_MAX} collections`,
} as const;

/** Texts of GET /api/search that the spec leaves to us ("Query cannot be empty" is MSG.queryEmpty). */
export const SEARCH_MSG = {
  queryTooLong: `Query must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
  invalidType: `Type must be one of ${SEARCH_TYPES.join(', ')}`,
} as const;
