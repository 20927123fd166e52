/** The general errors the web app's first screen may show. Part of the catalogue in ../messages.ts (import from there). */

// On their own, not only in MSG (./common.ts): the web app imports these, so the rest of MSG
// stays out of /home's first load (issue 29).
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
export const AUTHENTICATION_REQUIRED = 'Authentication required';
