/** Signing in, two-factor and resetting a password. Part of the catalogue in ../text.ts (import from there). */

/** Forgot and reset password (issue 33). */
export const RESET_TEXT = {
  forgotTitle: 'Forgot your password?',
  forgotSubtitle: 'We can help you get back into your account.',
  forgotIntro: 'Enter the email of your account and we will send you a link to choose a new password.',
  send: 'Send reset link',
  sending: 'Sending...',
  sentTitle: 'Check your email',
  sent: (email: string) =>
    `If an account uses ${email}, a link to choose a new password is on its way. It works once, within an hour.`,
  noMail:
    'This Glimpse server cannot send email, so a reset link cannot be mailed to you. Please ask the administrator of this server: they can give you a one-time link to choose a new password.',
  stillKnow:
    'If you still know your password and want to change it, log in and open Settings, then Security, to set a new one.',
  loadingConfig: 'Loading...',
  backToLogin: 'Back to Log In',
  newAccount: 'New to Glimpse?',
  createAccount: 'Create an account',
  resetTitle: 'Choose a new password',
  resetSubtitle: 'Your other devices will be signed out.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  save: 'Set new password',
  saving: 'Saving...',
  doneTitle: 'Password reset',
  logIn: 'Log In',
  requestAnother: 'Request a new link',
  failed: 'Failed to reset the password. Please try again.',
} as const;

/** The second step of signing in with two-factor on. */
export const TWO_FACTOR_LOGIN_TEXT = {
  title: 'Two-factor sign-in',
  subtitle: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  code: 'Code',
  codeHint: '6 digits, or a recovery code such as ABCDE-FGHIJ',
  verify: 'Verify',
  verifying: 'Verifying...',
  back: 'Use another account',
} as const;

/** Sign-in and sign-up that return the member where they were (features/auth/after-sign-in.ts). */
export const AFTER_SIGN_IN_TEXT = {
  continueBack: 'Continue where you were',
  takingYouBack: 'Taking you back...',
  welcome: 'Welcome to Glimpse!',
  accountReady: 'Your account is ready.',
  findPeople: 'Find people to follow',
  findPeopleMessage: 'Follow a few members and their posts fill your Following feed. You can skip this.',
  skip: 'Skip for now',
  done: 'Continue',
} as const;
