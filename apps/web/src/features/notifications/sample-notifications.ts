/**
 * SPEC §2: the notifications page uses static sample data only, with no server call. The shape is
 * the spec's "notification sample" (§3): id, type, username, content, detail, time, unread.
 */

export const NOTIFICATION_TYPES = ['like', 'comment', 'follow', 'mention'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface SampleNotification {
  id: string;
  type: NotificationType;
  username: string;
  /** What happened, read after the username: "liked your post". */
  content: string;
  /** The post title or the words of a comment or mention. */
  detail: string;
  /** Already formatted: sample data has no real timestamp to format. */
  time: string;
  unread: boolean;
}

export const SAMPLE_NOTIFICATIONS: readonly SampleNotification[] = [
  {
    id: 'n1',
    type: 'like',
    username: 'ava',
    content: 'liked your post',
    detail: 'Golden hour at Crystal Cove',
    time: '2m ago',
    unread: true,
  },
  {
    id: 'n2',
    type: 'comment',
    username: 'liam',
    content: 'commented on your post',
    detail: '"The colours in this one are unreal. Which lens did you use?"',
    time: '15m ago',
    unread: true,
  },
  {
    id: 'n3',
    type: 'follow',
    username: 'mia',
    content: 'started following you',
    detail: 'Food and travel stories from Tokyo',
    time: '1h ago',
    unread: true,
  },
  {
    id: 'n4',
    type: 'mention',
    username: 'noah',
    content: 'mentioned you in a comment',
    detail: '"@you should try the ramen place next door!"',
    time: '3h ago',
    unread: false,
  },
  {
    id: 'n5',
    type: 'like',
    username: 'emma',
    content: 'liked your post',
    detail: 'Weekend capsule wardrobe',
    time: '5h ago',
    unread: false,
  },
  {
    id: 'n6',
    type: 'follow',
    username: 'lucas',
    content: 'started following you',
    detail: 'Trail runner and coffee snob',
    time: '1d ago',
    unread: false,
  },
  {
    id: 'n7',
    type: 'comment',
    username: 'sofia',
    content: 'replied to your comment',
    detail: '"Saving this for my trip next month, thank you!"',
    time: '2d ago',
    unread: false,
  },
  {
    id: 'n8',
    type: 'mention',
    username: 'oliver',
    content: 'mentioned you in a post',
    detail: 'Best desk setups of the year',
    time: '3d ago',
    unread: false,
  },
];
