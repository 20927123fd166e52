import {
  DEFAULT_CITY,
  PAGE_MSG,
  ZFeedQuery,
  ZPostIdParams,
  type Post,
  type PublicUser,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { hydratePosts } from '../posts/posts.hydrate.js';
import { findPostPage } from '../posts/posts.repo.js';
import { listFeed } from '../posts/posts.service.js';
import { visiblePostsWhere } from '../posts/posts.visibility.js';
import { getProfile } from '../users/users.service.js';
import { previewImageOf, shortText, type PageHead, type PreviewImage } from './pages.head.js';

/** A server-answered page: its status and what its `<head>` says. Always the visitor's view. */
export interface PageAnswer {
  status: 200 | 404;
  head: PageHead;
}

const absolute = (urls: PublicUrls, pathAndQuery: string) => `${urls.origin}${pathAndQuery}`;

/** The first photo of the first post that has one: what a feed page's preview shows. */
function firstPhoto(posts: Post[]): PreviewImage | null {
  for (const post of posts) {
    const image = post.media.images[0];
    if (image) return previewImageOf(image, PAGE_MSG.photoBy(post.author.profile.displayName));
  }
  return null;
}

/** The same for every page nobody may see: it says nothing of what was asked for. */
export function notFoundPage(urls: PublicUrls, path: string): PageAnswer {
  return {
    status: 404,
    head: {
      title: PAGE_MSG.title(PAGE_MSG.notFoundTitle),
      description: PAGE_MSG.notFoundDescription,
      canonical: absolute(urls, path),
      type: 'website',
      image: null,
    },
  };
}

/** The visitor's first feed page of `filters` (the query the web app's own first page sends). */
async function firstFeedPage(ctx: AppContext, urls: PublicUrls, filters: Record<string, string>) {
  return listFeed(ctx, null, ZFeedQuery.parse(filters), urls);
}

/** /home: the newest public posts. */
export async function homePage(ctx: AppContext, urls: PublicUrls): Promise<PageAnswer> {
  const { posts } = await firstFeedPage(ctx, urls, {});
  return {
    status: 200,
    head: {
      title: PAGE_MSG.title(PAGE_MSG.homeTitle),
      description: PAGE_MSG.homeDescription,
      canonical: absolute(urls, '/home'),
      type: 'website',
      image: firstPhoto(posts),
    },
  };
}

/** /explore and /explore?city=: one city's posts (Irvine unless the query names another). */
export async function explorePage(
  ctx: AppContext,
  urls: PublicUrls,
  cityParam: string | undefined,
): Promise<PageAnswer> {
  const city = cityParam?.trim() || DEFAULT_CITY;
  const query = ZFeedQuery.safeParse({ city });
  const posts = query.success ? (await listFeed(ctx, null, query.data, urls)).posts : [];
  return {
    status: 200,
    head: {
      title: PAGE_MSG.title(PAGE_MSG.exploreTitle(city)),
      description: PAGE_MSG.exploreDescription(city),
      canonical: absolute(
        urls,
        city === DEFAULT_CITY ? '/explore' : `/explore?city=${encodeURIComponent(city)}`,
      ),
      type: 'website',
      image: firstPhoto(posts),
    },
  };
}

/** /search?q=: the head names the query; the results are the web app's to show. */
export function searchPage(urls: PublicUrls, q: string | undefined): PageAnswer {
  const query = shortText(q ?? '', 100);
  return {
    status: 200,
    head: {
      title: PAGE_MSG.title(PAGE_MSG.searchTitle(query)),
      description: PAGE_MSG.searchDescription(query),
      canonical: absolute(urls, query ? `/search?q=${encodeURIComponent(query)}` : '/search'),
      type: 'website',
      image: null,
    },
  };
}

/**
 * /posts/{id}: a post a visitor may see (public, not removed, its author neither suspended nor
 * private), else the 404 page. The view is counted by the web app's own request, not here.
 */
export async function postPage(ctx: AppContext, urls: PublicUrls, postId: string): Promise<PageAnswer> {
  const path = `/posts/${encodeURIComponent(postId)}`;
  if (!ZPostIdParams.safeParse({ id: postId }).success) return notFoundPage(urls, path);
  const row = await findPostPage(ctx.db, postId, visiblePostsWhere(null));
  if (!row) return notFoundPage(urls, path);
  const [post] = await hydratePosts(ctx.db, [row], null, urls);
  const author = post!.author;
  const canonical = absolute(urls, `/posts/${post!.id}`);
  const image = post!.media.images[0];
  const preview = image ? previewImageOf(image, PAGE_MSG.photoBy(author.profile.displayName)) : null;
  const authorUrl = absolute(urls, profilePath(author.username));
  return {
    status: 200,
    head: {
      title: PAGE_MSG.title(post!.title),
      description: shortText(post!.content || post!.excerpt || post!.title),
      canonical,
      type: 'article',
      image: preview,
      properties: [
        ['article:published_time', post!.createdAt],
        ['article:modified_time', post!.updatedAt],
        ['article:author', authorUrl],
        ...post!.tags.map((tag): [string, string] => ['article:tag', tag]),
      ],
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'SocialMediaPosting',
        '@id': canonical,
        url: canonical,
        headline: post!.title,
        articleBody: post!.content,
        datePublished: post!.createdAt,
        dateModified: post!.updatedAt,
        author: {
          '@type': 'Person',
          name: author.profile.displayName,
          alternateName: `@${author.username}`,
          url: authorUrl,
        },
        ...(preview
          ? {
              image: {
                '@type': 'ImageObject',
                url: preview.url,
                width: preview.width,
                height: preview.height,
                description: preview.alt,
              },
            }
          : {}),
        ...(post!.tags.length > 0 ? { keywords: post!.tags.join(', ') } : {}),
        interactionStatistic: [
          ['LikeAction', post!.likesCount],
          ['CommentAction', post!.commentsCount],
          ['ShareAction', post!.sharesCount],
        ].map(([action, count]) => ({
          '@type': 'InteractionCounter',
          interactionType: `https://schema.org/${action}`,
          userInteractionCount: count,
        })),
      },
    },
  };
}

/** A profile's path as the web app links it: an account of another server keeps its `@` (`/profile/ava@host`). */
function profilePath(username: string): string {
  return `/profile/${encodeURIComponent(username).replace('%40', '@')}`;
}

/**
 * /profile/{username}: the header a visitor sees (a private account's too: its posts stay hidden),
 * previewed with its newest photo the visitor may see. Unknown or suspended: the 404 page.
 */
export async function profilePage(ctx: AppContext, urls: PublicUrls, username: string): Promise<PageAnswer> {
  const path = profilePath(username);
  let user: PublicUser;
  try {
    user = await getProfile(ctx, null, username, urls);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return notFoundPage(urls, path);
    throw err;
  }
  const { posts } = await firstFeedPage(ctx, urls, { author: user.id });
  const name = user.profile.displayName || user.username;
  const bio = shortText(user.profile.bio);
  const counts = PAGE_MSG.profileDescription(user.stats.postsCount, user.followersCount);
  return {
    status: 200,
    head: {
      title: PAGE_MSG.title(PAGE_MSG.profileTitle(name, user.username)),
      description: bio ? shortText(`${bio} · ${counts}`) : counts,
      canonical: absolute(urls, profilePath(user.username)),
      type: 'profile',
      image: firstPhoto(posts),
      properties: [['profile:username', user.username]],
    },
  };
}
