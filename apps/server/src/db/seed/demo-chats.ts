import { newId } from '../../lib/ids.js';
import type { chatMembers, chats, messageReads, messages } from '../schema/index.js';
import { between, type Rand } from './images/svg.js';

/**
 * The demo's conversations: scripted back-and-forth between members, timed like real chats
 * (quick replies, then hours of silence), with read receipts and unread counts that agree with
 * each other the way the live read path leaves them.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface ChatRows {
  chats: Array<typeof chats.$inferInsert>;
  chatMembers: Array<typeof chatMembers.$inferInsert>;
  messages: Array<typeof messages.$inferInsert>;
  messageReads: Array<typeof messageReads.$inferInsert>;
}

/**
 * Conversations: `a` is the first member of the pair, `b` the second; each line is who speaks
 * and what they say. Times and read state are decided by the seed.
 */
export type ChatScript = Array<['a' | 'b', string]>;

export const CHAT_SCRIPTS: ChatScript[] = [
  [
    ['b', 'Ava!! Are you still coming on Saturday?'],
    ['a', 'Yes! Wouldn’t miss it. What time?'],
    ['b', 'Market opens at 9, brunch after?'],
    ['a', 'Perfect. I’ll bring the good coffee beans'],
    ['b', 'You’re the best'],
    ['b', 'Also did you see the new dumpling place on Culver?'],
    ['a', 'I walked past it yesterday, the queue was around the block'],
    ['b', 'We’re going. Non-negotiable'],
    ['a', 'Haha fine by me'],
    ['b', 'Just booked a table for 7 on Friday!'],
    ['b', 'Bring your appetite'],
  ],
  [
    ['a', 'Your keyboard post is dangerous, I almost bought one'],
    ['b', 'Do it. You’ll never go back'],
    ['a', 'Which switches would you start with?'],
    ['b', 'Something linear and quiet. I’ll send you a list'],
    ['b', 'Tactile if you write a lot'],
    ['a', 'Thanks! Also, trail run this weekend still on?'],
    ['b', 'Sunday 7am, meet at the trailhead'],
    ['a', 'See you there!'],
  ],
  [
    ['b', 'Hey, where was that lake photo taken?'],
    ['a', 'About two hours north, I’ll send you the pin'],
    ['a', 'Go early, the parking fills up by 9'],
    ['b', 'Amazing, thank you'],
    ['b', 'Is the trail okay for beginners?'],
    ['a', 'Mostly yes, the last bit is steep but short'],
    ['b', 'Perfect, taking my sister next weekend'],
    ['b', 'Will report back!'],
  ],
  [
    ['a', 'Zoe, I land in Barcelona on the 14th!'],
    ['b', 'NO WAY. How long are you staying?'],
    ['a', 'Five days. Tell me everything I need to eat'],
    ['b', 'Okay making you a list. Tapas, vermut, the bakery near my flat'],
    ['b', 'And we’re doing a long lunch on Sunday, that’s final'],
    ['a', 'Yes please!!'],
    ['a', 'Sending you my flight details now'],
    ['a', 'Can’t wait to see you'],
  ],
  [
    ['b', 'Okay I tried the sunscreen you recommended'],
    ['a', 'And??'],
    ['b', 'No white cast at all. I’m converted'],
    ['a', 'Told you! It sits so well under makeup too'],
    ['b', 'Bought the serum too, my wallet is crying'],
    ['a', 'Haha worth it though'],
  ],
  [
    ['b', 'Taco crawl this Friday, you in?'],
    ['a', 'Always. Which spots?'],
    ['b', 'Starting at the truck on 3rd, then the place with the salsa bar'],
    ['b', 'Ending at the al pastor stand obviously'],
    ['b', 'Bring cash, two of them don’t take cards'],
  ],
  [
    ['a', 'Thank you for the tea recommendations in Tokyo!'],
    ['b', 'Did you find the little shop in Nakameguro?'],
    ['a', 'Yes! Bought way too much matcha'],
    ['b', 'There is no such thing as too much matcha'],
    ['a', 'Fair. Let me know when you visit California'],
    ['b', 'Next spring, hopefully!'],
  ],
  [
    ['a', 'Are we still on for pickup Thursday?'],
    ['b', 'Yep, 6pm at the park courts'],
    ['a', 'Bringing two more people'],
    ['b', 'Perfect, we can do full court then'],
    ['b', 'Don’t forget the new ball'],
    ['a', 'Got it, see you there'],
  ],
  [
    ['b', 'Loved your coat shoot! Who took the photos?'],
    ['a', 'My friend Aria, she’s amazing'],
    ['b', 'Could you introduce us? I need a photographer for the spring edit'],
    ['a', 'Of course, sending her your details'],
    ['b', 'Thank you!! Coffee on me next time'],
  ],
  [
    ['a', 'Plant swap on Sunday, want to come?'],
    ['b', 'Yes! I have so many pothos cuttings'],
    ['a', 'Bring them all, people love pothos'],
    ['b', 'Can I bring a friend?'],
    ['a', 'The more the merrier!'],
    ['b', 'See you there!'],
  ],
];

/**
 * Who talks to whom (indices into the cast), which script, how long ago the last message was,
 * and how many of the last messages each side has not read yet. The first member's inbox is the
 * busy one: seven conversations, three with unread messages.
 */
const CHAT_PLAN = [
  { a: 0, b: 2, script: 0, endMinutesAgo: 4, unreadA: 2, unreadB: 0 },
  { a: 0, b: 19, script: 5, endMinutesAgo: 95, unreadA: 3, unreadB: 0 },
  { a: 0, b: 3, script: 2, endMinutesAgo: 5 * 60, unreadA: 2, unreadB: 0 },
  { a: 0, b: 1, script: 1, endMinutesAgo: 9 * 60, unreadA: 0, unreadB: 0 },
  { a: 0, b: 4, script: 3, endMinutesAgo: 26 * 60, unreadA: 0, unreadB: 2 },
  { a: 0, b: 6, script: 4, endMinutesAgo: 50 * 60, unreadA: 0, unreadB: 0 },
  { a: 0, b: 18, script: 6, endMinutesAgo: 6 * 24 * 60, unreadA: 0, unreadB: 0 },
  { a: 5, b: 11, script: 7, endMinutesAgo: 20 * 60, unreadA: 0, unreadB: 1 },
  { a: 2, b: 10, script: 8, endMinutesAgo: 30 * 60, unreadA: 1, unreadB: 0 },
  { a: 14, b: 8, script: 9, endMinutesAgo: 8 * 60, unreadA: 1, unreadB: 0 },
] as const;

export function planChats(
  r: Rand,
  userRows: Array<{ id: string }>,
  now: number,
  follow: (a: number, b: number, at: Date) => void,
): ChatRows {
  const out: ChatRows = {
    chats: [],
    chatMembers: [],
    messages: [],
    messageReads: [],
  };
  for (const plan of CHAT_PLAN) {
    const a = userRows[plan.a];
    const b = userRows[plan.b];
    const script = CHAT_SCRIPTS[plan.script];
    if (!a || !b || !script) continue;
    // People who chat follow each other.
    follow(plan.a, plan.b, new Date(now - 30 * DAY_MS));
    follow(plan.b, plan.a, new Date(now - 30 * DAY_MS));
    // Times, walking back from the last message: quick replies, now and then hours apart.
    const times: number[] = new Array<number>(script.length);
    let t = now - plan.endMinutesAgo * MINUTE_MS;
    for (let k = script.length - 1; k >= 0; k--) {
      times[k] = t;
      t -= r() < 0.2 ? between(r, 1, 14) * HOUR_MS : between(r, 0.3, 4) * MINUTE_MS;
    }
    const start = new Date(times[0]!);
    const chatId = newId(start);
    const rows = script.map(([who, content], k) => {
      const at = new Date(times[k]!);
      return {
        id: newId(at),
        chatId,
        senderId: who === 'a' ? a.id : b.id,
        content,
        messageType: 'text',
        createdAt: at,
      };
    });
    const last = rows[rows.length - 1]!;
    const [lo, hi] = [a.id, b.id].sort();
    out.chats.push({
      id: chatId,
      type: 'direct',
      directKey: `${lo}:${hi}`,
      createdBy: rows[0]!.senderId,
      lastMessageId: last.id,
      lastActivityAt: last.createdAt,
      createdAt: start,
    });
    out.messages.push(...rows);
    for (const [member, unread] of [
      [a, plan.unreadA],
      [b, plan.unreadB],
    ] as const) {
      // Only a tail of the other side's messages can be unread.
      let tail = 0;
      while (tail < unread && tail < rows.length && rows[rows.length - 1 - tail]!.senderId !== member.id)
        tail++;
      const readUpTo = rows.length - 1 - tail;
      let lastReadAt: Date | null = null;
      for (let k = 0; k <= readUpTo; k++) {
        const m = rows[k]!;
        if (m.senderId === member.id) {
          lastReadAt = m.createdAt;
          continue;
        }
        // Read when they next wrote, or a little after it arrived.
        const reply = rows.slice(k + 1).find((x) => x.senderId === member.id);
        const readAt = new Date(
          reply
            ? reply.createdAt.getTime() - 5_000
            : Math.min(now - 5_000, m.createdAt.getTime() + between(r, 0.3, 20) * MINUTE_MS),
        );
        out.messageReads.push({ messageId: m.id, userId: member.id, readAt });
        lastReadAt = readAt;
      }
      out.chatMembers.push({
        chatId,
        userId: member.id,
        unreadCount: tail,
        lastReadMessageId: readUpTo >= 0 ? rows[readUpTo]!.id : null,
        lastReadAt,
        joinedAt: start,
      });
    }
  }
  return out;
}
