/** Account settings, sign-in security and the mails the server sends. Part of the catalogue in ../messages.ts (import from there). */

/** Sessions, password reset, two-factor sign-in and private accounts (issue 33). */
export const ACCOUNT_MSG = {
  loggedOut: 'Signed out',
  sessionEnded: 'Session ended',
  otherSessionsEnded: 'Signed out of every other session',
  sessionNotFound: 'Session not found',
  invalidSessionId: 'Invalid session ID',
  resetRequested: 'If an account uses that email, a link to reset its password is on its way',
  resetDone: 'Your password has been reset. Please log in with your new password.',
  resetInvalid: 'This reset link is invalid or has expired',
  resetTokenRequired: 'The reset link is missing its token',
  mailUnavailable: 'This server cannot send email. Ask its administrator for a password reset link.',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app',
  invalidTwoFactorCode: 'That code is not right. Try again with a new code.',
  codeRequired: 'Enter the code from your authenticator app or a recovery code',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorNotOn: 'Two-factor sign-in is not on',
  twoFactorSetupMissing: 'Start the two-factor setup again: no code is waiting to be confirmed',
  twoFactorEnabled: 'Two-factor sign-in is on',
  twoFactorDisabled: 'Two-factor sign-in is off',
  followRequested: 'Follow request sent',
  followRequestAccepted: 'Follow request accepted',
  followRequestDeclined: 'Follow request declined',
  followRequestNotFound: 'Follow request not found',
  isPrivateInvalid: 'Private account must be true or false',
} as const;

/** Mail templates (lib/mail): subject and plain text; `{link}` and the name are filled in. */
export const MAIL_MSG = {
  resetSubject: 'Reset your Glimpse password',
  resetText: (name: string, link: string) =>
    `Hi ${name},\n\nSomeone (hopefully you) asked to reset the password of your Glimpse account. ` +
    `Open this link within an hour to choose a new one:\n\n${link}\n\n` +
    `The link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
} as const;
