/** The settings screen. Part of the catalogue in ../text.ts (import from there). */

import { MSG } from '@glimpse/shared';

export const SETTINGS_TEXT = {
  sessionExpired: 'Session expired',
  network: 'Network error. Please check your connection.',
  unexpected: MSG.unexpectedError,
  loadUserFailed: 'Failed to load user data. Please refresh the page.',
  profileFailed: 'Failed to update profile. Please try again.',
  invalidImage: 'Invalid image file',
  avatarFailed: 'Failed to upload avatar. Please try again.',
  passwordFailed: 'Failed to change password. Please try again.',
  noChanges: 'No changes to save',
} as const;

/** Settings → Notifications. */
export const NOTIFICATION_SETTINGS_TEXT = {
  title: 'Notifications',
  intro: 'Choose what you are told about. Switched-off types are not collected at all.',
  likes: 'Likes and reposts of your posts',
  comments: 'Comments on your posts',
  follows: 'New followers',
  mentions: 'Mentions of you',
  tags: 'Tags of you in posts',
  followRequests: 'Requests to follow your private account',
  loadFailed: 'Could not load your notification settings.',
  saveFailed: 'Could not save that setting. Please try again.',
} as const;

/** Settings → Account → Your data: export and delete. */
export const YOUR_DATA_TEXT = {
  title: 'Your data',
  exportHeading: 'Download your data',
  exportHint:
    'A zip file with your profile, posts (with their comments, likes and tagged people), your comments, your chats, who you follow and who follows you, your saved posts and collections, the posts you are tagged in, and your original photos.',
  exportButton: 'Download my data',
  exportPreparing: 'Preparing your download...',
  exportProgress: (bytes: string) => `Downloading... ${bytes}`,
  exportDone: 'Your data has been downloaded.',
  exportFailed: 'Failed to download your data. Please try again.',
  deleteHeading: 'Delete account',
  deleteHint: 'Deleting your account cannot be undone.',
  deleteButton: 'Delete account',
  deleteDialogTitle: 'Delete your account?',
  deleteDialogIntro: 'This permanently deletes, for everyone:',
  deleteLosses: [
    'your profile, and your username becomes free for anyone',
    'all your posts and their photos, with the comments and likes they received',
    'your comments and likes on other posts',
    'who you follow and who follows you',
    'your chats: your one-to-one conversations disappear for the other person too',
    'your notifications; you are signed out on every device',
  ],
  deleteDownloadFirst: 'You may want to download your data first.',
  deletePasswordLabel: 'Enter your password to confirm',
  deleteConfirm: 'Delete my account',
  deleteCancel: 'Cancel',
  deleting: 'Deleting...',
  deleteFailed: 'Failed to delete your account. Please try again.',
  deleted: 'Your account has been deleted.',
} as const;

/** Settings → Privacy. */
export const PRIVACY_SETTINGS_TEXT = {
  title: 'Private account',
  hint: 'Only people you approve see your posts, whatever their privacy. Your profile header stays visible. Switching back to public accepts every waiting request.',
  switchLabel: 'Private account',
  saveFailed: 'Could not change your account privacy. Please try again.',
  requestsTitle: 'Follow requests',
  requestsEmpty: 'No one is waiting for an answer.',
  requestsLoadFailed: 'Could not load your follow requests.',
  accept: 'Accept',
  decline: 'Decline',
  acceptUser: (username: string) => `Accept ${username}'s follow request`,
  declineUser: (username: string) => `Decline ${username}'s follow request`,
  requestedAgo: (when: string) => `Asked ${when}`,
} as const;

/** Settings → Security. */
export const SECURITY_TEXT = {
  sessionsTitle: 'Where you are signed in',
  sessionsHint: 'Sign out of a device you no longer use or do not recognise.',
  sessionsLoadFailed: 'Could not load your sessions.',
  thisDevice: 'This device',
  signedIn: (when: string) => `Signed in ${when}`,
  lastSeen: (when: string) => `Last active ${when}`,
  signOut: 'Sign out',
  signOutDevice: (device: string) => `Sign out of ${device}`,
  signOutOthers: 'Sign out of all other sessions',
  othersEnded: (n: number) =>
    n === 1 ? 'Signed out of 1 other session.' : `Signed out of ${n} other sessions.`,
  twoFactorTitle: 'Two-factor sign-in',
  twoFactorOffHint:
    'Ask for a code from an authenticator app (such as Aegis, Google Authenticator or 1Password) when you sign in.',
  twoFactorOnHint: 'Signing in asks for a code from your authenticator app.',
  turnOn: 'Turn on two-factor sign-in',
  turnOff: 'Turn off two-factor sign-in',
  scan: 'Scan this QR code with your authenticator app, or type the key in by hand.',
  qrAlt: 'QR code to add Glimpse to an authenticator app',
  secretLabel: 'Setup key',
  confirmCode: 'Code from the app',
  confirm: 'Turn on',
  confirming: 'Turning on...',
  cancel: 'Cancel',
  recoveryTitle: 'Your recovery codes',
  recoveryHint:
    'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown this one time only.',
  recoverySaved: 'I have saved them',
  recoveryListLabel: 'Recovery codes',
  disableHint: 'Enter your password and a current code (or a recovery code) to turn it off.',
  password: 'Password',
  code: 'Code',
  disabling: 'Turning off...',
  enabledToast: 'Two-factor sign-in is on.',
  disabledToast: 'Two-factor sign-in is off.',
  passwordTitle: 'Change password',
  passwordHint: 'Your other sessions will be signed out; this one stays signed in.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  changePassword: 'Change password',
  changing: 'Changing...',
} as const;
