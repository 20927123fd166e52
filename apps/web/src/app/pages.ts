import type { ComponentType } from 'react';

/**
 * Every routed screen, each in its own chunk. To replace a placeholder, rewrite the named file and
 * keep its named export; nothing here changes. A new screen: add a loader here, then a route in
 * routes.tsx with `lazy: lazyPage('<name>')`.
 */
export const pageLoaders = {
  login: () => import('../features/auth/LoginPage').then((m) => m.LoginPage),
  register: () => import('../features/auth/RegisterPage').then((m) => m.RegisterPage),
  forgotPassword: () => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  resetPassword: () => import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  terms: () => import('../features/legal/TermsPage').then((m) => m.TermsPage),
  privacy: () => import('../features/legal/PrivacyPage').then((m) => m.PrivacyPage),
  home: () => import('../features/feed/HomePage').then((m) => m.HomePage),
  post: () => import('../features/post/PostPage').then((m) => m.PostPage),
  profile: () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
  explore: () => import('../features/explore/ExplorePage').then((m) => m.ExplorePage),
  notifications: () => import('../features/notifications/NotificationsPage').then((m) => m.NotificationsPage),
  chat: () => import('../features/chat/ChatPage').then((m) => m.ChatPage),
  search: () => import('../features/search/SearchPage').then((m) => m.SearchPage),
  createPost: () => import('../features/create-post/CreatePostPage').then((m) => m.CreatePostPage),
  tag: () => import('../features/tags/TagPage').then((m) => m.TagPage),
  collection: () => import('../features/collections/CollectionPage').then((m) => m.CollectionPage),
  editPost: () => import('../features/create-post/EditPostPage').then((m) => m.EditPostPage),
  moderation: () => import('../features/moderation/ModerationPage').then((m) => m.ModerationPage),
  settings: () => import('../features/settings/SettingsPage').then((m) => m.SettingsPage),
  notFound: () => import('../features/not-found/NotFoundPage').then((m) => m.NotFoundPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type PageName = keyof typeof pageLoaders;
