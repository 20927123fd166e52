import { CATEGORIES, makeExcerpt, SHARE_TYPES, type Privacy } from '@glimpse/shared';
import { newId } from '../../lib/ids.js';
import type { comments, follows, likes, posts, shares, users } from '../schema/index.js';
import { planChats, type ChatRows } from './demo-chats.js';
import {
  AUTHOR_REPLIES,
  CATEGORY_COMMENTS,
  GENERIC_COMMENTS,
  MENTION_COMMENTS,
  SCENE_WRITING,
} from './demo-content.js';
import { scenesOf, type PhotoScene } from './demo-images.js';
import { buildPeople, cityNamed, DEMO_CITIES, type DemoCity, type DemoPerson } from './demo-people.js';
import { between, pickOne, seededRandom, type Rand } from './images/svg.js';

/**
 * Every demo row, decided in memory from one seed before anything touches the database, so the
 * writes are a handful of multi-row INSERTs. Photos are references into the image pool
 * (scene + variant); the pool is made in parallel and resolved at insert time.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const POST_WINDOW_DAYS = 60;
/** Share of posts with 2-5 photos (the rest have one, as on most feeds). */
const MULTI_PHOTO_SHARE = 0.18;
/** Share of comments on public posts that tag someone the commenter follows. */
const MENTION_SHARE = 0.12;
/** Share of the author's thank-yous that name the first commenter. */
const REPLY_MENTION_SHARE = 0.5;

export interface PhotoRef {
  postId: string;
  authorId: string;
  postCreatedAt: Date;
  position: number;
  sceneId: string;
  variant: number;
  altText: string;
}

export interface DemoPlan extends ChatRows {
  people: DemoPerson[];
  users: Array<typeof users.$inferInsert>;
  posts: Array<typeof posts.$inferInsert>;
  photos: PhotoRef[];
  follows: Array<typeof follows.$inferInsert>;
  likes: Array<typeof likes.$inferInsert>;
  comments: Array<typeof comments.$inferInsert>;
  shares: Array<typeof shares.$inferInsert>;
}

export interface PlanOptions {
  users: number;
  posts: number;
  passwordHash: string;
  usernameSuffix: string;
  photosPerScene: number;
  seed: number;
  now: number;
}

function weightedIndex(r: Rand, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x <= 0) return i;
  }
  return weights.length - 1;
}

/** `count` distinct indices in [0, n) other than `except`, drawn with the given weights. */
function distinctOthers(r: Rand, n: number, count: number, except: number, weights?: number[]): number[] {
  const chosen = new Set<number>();
  const wanted = Math.min(count, n - 1);
  const w = weights ?? Array.from({ length: n }, () => 1);
  const live = w.map((v, i) => (i === except ? 0 : v));
  while (chosen.size < wanted) {
    const i = weightedIndex(r, live);
    chosen.add(i);
    live[i] = 0;
  }
  return [...chosen];
}

function shuffled<T>(r: Rand, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const cityTag = (city: DemoCity) =>
  city.name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');

/** Picks titles and texts without repeating one within a seed. */
class Writer {
  private titles = new Set<string>();
  private texts = new Set<string>();
  constructor(private r: Rand) {}

  title(sceneId: string, city: DemoCity): string {
    const templates = shuffled(this.r, SCENE_WRITING[sceneId]!.titles);
    for (const t of templates) {
      const title = t.replace('{city}', city.name);
      if (!this.titles.has(title)) return this.keep(title);
    }
    // Far beyond the default size: a {city} template with another city is still a new title.
    for (const t of templates.filter((x) => x.includes('{city}'))) {
      for (const other of DEMO_CITIES) {
        const title = t.replace('{city}', other.name);
        if (!this.titles.has(title)) return this.keep(title);
      }
    }
    return templates[0]!.replace('{city}', city.name);
  }

  text(sceneId: string): string {
    const lines = SCENE_WRITING[sceneId]!.lines;
    let text = '';
    for (let attempt = 0; attempt < 30; attempt++) {
      const [a, b, c] = shuffled(this.r, lines);
      text = this.r() < 0.45 ? `${a} ${b}\n\n${c}` : `${a} ${b}`;
      if (!this.texts.has(text)) break;
    }
    this.texts.add(text);
    return text;
  }

  private keep(title: string): string {
    this.titles.add(title);
    return title;
  }
}

function privacyOf(r: Rand): Privacy {
  const roll = r();
  return roll < 0.86 ? 'public' : roll < 0.93 ? 'followers' : roll < 0.97 ? 'friends' : 'private';
}

export function planDemo(opts: PlanOptions): DemoPlan {
  const r = seededRandom(opts.seed);
  const { now } = opts;
  const people = buildPeople(opts.users, opts.usernameSuffix, r);
  const userRows = people.map((p, i) => {
    const createdAt = new Date(now - (90 + r() * 320) * DAY_MS);
    const city = cityNamed(p.city);
    return {
      id: newId(createdAt),
      username: p.username,
      email: `${p.emailLocal}@${p.emailDomain}`,
      passwordHash: opts.passwordHash,
      displayName: `${p.firstName} ${p.lastName}`,
      firstName: p.firstName,
      lastName: p.lastName,
      bio: p.bio,
      location: `${city.name}, ${city.country}`,
      website: p.website ?? '',
      isVerified: p.weight >= 1.8,
      createdAt,
      updatedAt: createdAt,
      // The first member was "here a moment ago"; the rest within the last days.
      lastActiveAt: new Date(now - (i === 0 ? 2 * MINUTE_MS : r() * 3 * DAY_MS)),
    };
  });
  const weights = people.map((p) => p.weight);

  // --- posts, newest first: categories take turns, so neighbours in any feed differ; authors
  // are the members who post about that category; each photo is the one this author has used
  // least and the whole feed has used longest ago, so the same picture rarely shows twice on a
  // screen or a profile.
  const writer = new Writer(r);
  const postRows: DemoPlan['posts'] = [];
  const photos: PhotoRef[] = [];
  const times = Array.from(
    { length: opts.posts },
    () => now - 20 * MINUTE_MS - Math.pow(r(), 1.5) * POST_WINDOW_DAYS * DAY_MS,
  ).sort((a, b) => b - a);
  const lastUse = new Map<string, number>();
  const authorUse = new Map<string, number>();
  const photoKey = (scene: PhotoScene, v: number) => `${scene.id}#${v}`;
  const choosePhoto = (
    candidates: Array<{ s: PhotoScene; v: number }>,
    authorIndex: number,
    postIndex: number,
  ) => {
    let best = candidates[0]!;
    let bestScore = Infinity;
    for (const c of candidates) {
      const key = photoKey(c.s, c.v);
      const score = (authorUse.get(`${authorIndex}:${key}`) ?? 0) * 1e6 + (lastUse.get(key) ?? -1e5) + r();
      if (score < bestScore) [best, bestScore] = [c, score];
    }
    const key = photoKey(best.s, best.v);
    lastUse.set(key, postIndex);
    authorUse.set(`${authorIndex}:${key}`, (authorUse.get(`${authorIndex}:${key}`) ?? 0) + 1);
    return best;
  };
  for (let i = 0; i < opts.posts; i++) {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const scenes: PhotoScene[] = scenesOf(category);
    const authorWeights = people.map((p) => (p.interests.includes(category) ? p.weight : 0.04));
    const authorIndex = weightedIndex(r, authorWeights);
    const author = people[authorIndex]!;
    const pool = scenes.flatMap((sc) =>
      Array.from({ length: opts.photosPerScene }, (_, v) => ({ s: sc, v })),
    );
    const first = choosePhoto(pool, authorIndex, i);
    const scene = first.s;
    const roll = r();
    const away = category === 'Travel' ? 0.6 : 0.2;
    // Irvine is the Explore page's default city, so it always has a healthy share.
    const city =
      roll < away ? pickOne(r, DEMO_CITIES) : roll < away + 0.12 ? DEMO_CITIES[0]! : cityNamed(author.city);
    const createdAt = new Date(times[i]!);
    const id = newId(createdAt);
    const content = writer.text(scene.id);
    const sceneTags = shuffled(r, SCENE_WRITING[scene.id]!.tags).slice(0, 2 + Math.floor(r() * 3));
    postRows.push({
      id,
      authorId: userRows[authorIndex]!.id,
      title: writer.title(scene.id, city),
      content,
      excerpt: makeExcerpt(content),
      category,
      tags: [...sceneTags, cityTag(city)],
      privacy: privacyOf(r),
      city: city.name,
      // "Paris, Île-de-France", but "Tokyo, Japan" rather than "Tokyo, Tokyo".
      locationName: `${city.name}, ${city.state === city.name ? city.country : city.state}`,
      latitude: city.latitude + (r() - 0.5) * 0.06,
      longitude: city.longitude + (r() - 0.5) * 0.06,
      address: { street: '', city: city.name, state: city.state, country: city.country, zipCode: '' },
      viewsCount: 0,
      createdAt,
      updatedAt: createdAt,
    });
    // A few posts carry 2-5 photos: more of the same category, all distinct.
    const count = r() < MULTI_PHOTO_SHARE ? Math.min(pool.length, 2 + Math.floor(r() * 4)) : 1;
    const chosen = [first];
    while (chosen.length < count) {
      chosen.push(
        choosePhoto(
          pool.filter((p) => !chosen.includes(p)),
          authorIndex,
          i,
        ),
      );
    }
    chosen.forEach((p, position) =>
      photos.push({
        postId: id,
        authorId: userRows[authorIndex]!.id,
        postCreatedAt: createdAt,
        position,
        sceneId: p.s.id,
        variant: p.v,
        altText: p.s.alt,
      }),
    );
  }

  // --- follows: everyone follows some members, popular ones more often.
  const followRows: DemoPlan['follows'] = [];
  const followed = new Set<string>();
  const follow = (a: number, b: number, at: Date) => {
    const key = `${a}:${b}`;
    if (a === b || followed.has(key)) return;
    followed.add(key);
    followRows.push({ followerId: userRows[a]!.id, followeeId: userRows[b]!.id, createdAt: at });
  };
  people.forEach((_, i) => {
    const k = 5 + Math.floor(r() * 10);
    for (const j of distinctOthers(r, people.length, k, i, weights)) {
      const since = Math.max(userRows[i]!.createdAt.getTime(), userRows[j]!.createdAt.getTime());
      follow(i, j, new Date(since + r() * (now - since)));
    }
  });

  // --- likes, comments, shares, views.
  const likeRows: DemoPlan['likes'] = [];
  const commentRows: DemoPlan['comments'] = [];
  const shareRows: DemoPlan['shares'] = [];
  const authorIndexOf = new Map(userRows.map((u, i) => [u.id, i]));
  // Mentions draw from their own sequence, so adding them left every other demo row as it was.
  const rm = seededRandom(opts.seed + 7);
  const followeesOf = new Map<string, string[]>();
  for (const f of followRows) {
    const list = followeesOf.get(f.followerId) ?? [];
    list.push(f.followeeId);
    followeesOf.set(f.followerId, list);
  }
  const usernameOf = new Map(userRows.map((u) => [u.id!, u.username]));
  /** Some commenters tag a friend; some thank-yous name the first commenter. */
  const addMentions = (thread: Array<{ userId: string; content: string }>, authorIndex: number) => {
    const authorId = userRows[authorIndex]!.id!;
    for (const c of thread) {
      if (c.userId === authorId) {
        const first = thread[0]!.userId;
        if (first !== authorId && rm() < REPLY_MENTION_SHARE)
          c.content = `@${usernameOf.get(first)} ${c.content}`;
        continue;
      }
      if (rm() >= MENTION_SHARE) continue;
      const friends = (followeesOf.get(c.userId) ?? []).filter((id) => id !== authorId);
      if (friends.length === 0) continue;
      const friend = usernameOf.get(pickOne(rm, friends))!;
      c.content = pickOne(rm, MENTION_COMMENTS).replace('{user}', friend);
    }
  };
  for (const post of postRows) {
    const authorIndex = authorIndexOf.get(post.authorId)!;
    const postTime = (post.createdAt as Date).getTime();
    const after = () => new Date(postTime + Math.pow(r(), 2) * (now - postTime));
    const popularity = people[authorIndex]!.weight * (0.25 + Math.pow(r(), 2) * 2.5);
    const likeCount = Math.floor(popularity * 5 + r() * 3);
    for (const j of distinctOthers(r, people.length, likeCount, authorIndex)) {
      likeRows.push({ postId: post.id!, userId: userRows[j]!.id, createdAt: after() });
    }
    const commentCount = Math.min(6, Math.floor(r() * (1.5 + likeCount / 4)));
    const said = new Set<string>();
    const thread: Array<{ at: Date; userId: string; content: string }> = [];
    for (const j of distinctOthers(r, people.length, commentCount, authorIndex)) {
      let content = '';
      for (let attempt = 0; attempt < 5 && (!content || said.has(content)); attempt++) {
        content =
          r() < 0.7
            ? pickOne(r, CATEGORY_COMMENTS[post.category as keyof typeof CATEGORY_COMMENTS])
            : pickOne(r, GENERIC_COMMENTS);
      }
      said.add(content);
      thread.push({ at: after(), userId: userRows[j]!.id, content });
    }
    thread.sort((a, b) => a.at.getTime() - b.at.getTime());
    if (thread.length > 0 && r() < 0.3) {
      const firstAt = thread[0]!.at.getTime();
      thread.push({
        at: new Date(Math.min(now - MINUTE_MS, firstAt + between(r, 5, 240) * MINUTE_MS)),
        userId: post.authorId,
        content: pickOne(r, AUTHOR_REPLIES),
      });
    }
    if (post.privacy === 'public') addMentions(thread, authorIndex);
    for (const c of thread)
      commentRows.push({
        id: newId(c.at),
        postId: post.id!,
        userId: c.userId,
        content: c.content,
        createdAt: c.at,
      });
    const shareCount = r() < 0.35 ? 1 + Math.floor(r() * 2) : 0;
    for (const j of distinctOthers(r, people.length, shareCount, authorIndex)) {
      const at = after();
      shareRows.push({
        id: newId(at),
        postId: post.id!,
        userId: userRows[j]!.id,
        shareType: pickOne(r, SHARE_TYPES),
        createdAt: at,
      });
    }
    post.viewsCount = Math.round(likeCount * between(r, 8, 22) + r() * 160 + 12);
  }

  const chatRows = planChats(r, userRows, now, follow);
  return {
    people,
    users: userRows,
    posts: postRows,
    photos,
    follows: followRows,
    likes: likeRows,
    comments: commentRows,
    shares: shareRows,
    ...chatRows,
  };
}
