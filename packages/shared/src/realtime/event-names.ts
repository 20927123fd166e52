/**
 * Socket.IO event names of API.md, in one place. A module of its own, without zod: the web app's
 * entry chunk needs the names (the socket, the layout) but not the payload schemas of events.ts.
 */
export const SOCKET_EVENTS = {
  authenticate: 'authenticate',
  authenticated: 'authenticated',
  authenticationError: 'authentication_error',
  joinChat: 'join_chat',
  leaveChat: 'leave_chat',
  sendMessage: 'send_message',
  markMessageRead: 'mark_message_read',
  typingStart: 'typing_start',
  typingStop: 'typing_stop',
  newMessage: 'new_message',
  messageRead: 'message_read',
  userTyping: 'user_typing',
  userStoppedTyping: 'user_stopped_typing',
  userOnline: 'user_online',
  userOffline: 'user_offline',
  chatCreated: 'chat_created',
  chatDeleted: 'chat_deleted',
  notification: 'notification',
  unreadCounts: 'unread_counts',
  error: 'error',
} as const;
