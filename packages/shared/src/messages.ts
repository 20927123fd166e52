/**
 * The one catalogue of texts the server sends and both sides show. Each text is written here once;
 * code refers to it by key. SPEC §5 and §8 texts are exact: clients compare them.
 * (The web app's own screen texts live in its catalogue, apps/web/src/lib/text.ts.)
 */
//
// The catalogue is split by subject, so the web app's first page carries only the parts it shows
// (this package declares no side effects: bundlers follow these re-exports).
export * from './messages/first-screen.js';
export * from './messages/common.js';
export * from './messages/content.js';
export * from './messages/account.js';
export * from './messages/moderation.js';
export * from './messages/realtime.js';
