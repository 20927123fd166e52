/**
 * The web app's own text catalogue: every user-facing text the screens show that the server does
 * not send, once. Texts both sides share (SPEC §5 validation, §8 server errors) live in
 * @glimpse/shared's MSG; screens import from here or there, never write a literal twice.
 */
//
// The catalogue is split by where the texts are shown, so a screen's code carries only its own
// part: a visitor's first page loads only ./text/common (bundlers follow these re-exports).
export * from './text/common';
export * from './text/members';
export * from './text/chat';
export * from './text/posts';
export * from './text/create-post';
export * from './text/settings';
export * from './text/auth';
