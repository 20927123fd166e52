export * from './users.js';
export * from './posts.js';
export * from './chats.js';
export * from './notifications.js';
export * from './moderation.js';
export * from './search.js';
export * from './accounts.js';
export * from './federation.js';
