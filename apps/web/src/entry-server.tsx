/**
 * The server's renderer (Vite's SSR build, `dist-ssr/entry-server.js`, loaded by the server's
 * modules/pages): the visitor's view of one page as HTML, plus the query cache that HTML was made
 * from, for the browser to hydrate with (main.tsx). Never part of the browser's bundle.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setApiTransport } from './api/http';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import { MASONRY_GRID_ATTRIBUTE, MASONRY_SIZING_SCRIPT } from './features/post/useMasonryItem';

/** How the API is reached while rendering: the server answers in-process (no socket, no token). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = transports.getStore();
  if (!transport) return Promise.reject(new Error('No API transport outside a server render'));
  return transport(url, init);
});

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The queries the HTML shows, for `hydrate()` in the browser. */
  state: DehydratedState;
  /** Inline scripts to run right after the root, before the first paint (the server adds its nonce). */
  scripts: string[];
}

/** Renders a query's follow-up reads (a post's author, a profile's grid) at most this many rounds. */
const MAX_ROUNDS = 3;

async function toHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

/** Queries a render asked for that have neither data nor an error yet. */
function pendingQueries(client: QueryClient) {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => {
      if (q.state.status !== 'pending' || q.state.fetchStatus !== 'idle') return false;
      // A query its screen keeps off (a member's own list, say) stays off here too.
      const enabled = (q.options as { enabled?: unknown }).enabled;
      return typeof enabled === 'function'
        ? (enabled as (query: unknown) => boolean)(q) !== false
        : enabled !== false;
    });
}

/**
 * The page at `url` (path and query) as a visitor sees it. Each round renders the app, then runs
 * every query that render asked for (with the app's own query functions, through `transport`), until
 * a render asks for nothing new: the HTML then shows data, never a spinner, wherever the first
 * screen has data to show.
 */
export async function render(url: string, origin: string, transport: ApiTransport): Promise<RenderedPage> {
  return transports.run(transport, async () => {
    const queryClient = createQueryClient();
    // A failed read renders the page's own error state; the browser asks again after hydrating.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    const handler = createStaticHandler(appRoutes);
    const context = await handler.query(new Request(new URL(url, origin)));
    if (context instanceof Response) throw new Error(`Route answered a redirect for ${url}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const app = () => (
      <StrictMode>
        <AppProviders queryClient={queryClient} hydrating>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>
    );
    let html = await toHtml(app());
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const pending = pendingQueries(queryClient);
      if (pending.length === 0) break;
      await Promise.all(pending.map((q) => q.fetch().catch(() => undefined)));
      html = await toHtml(app());
    }
    return {
      html,
      scripts: html.includes(` ${MASONRY_GRID_ATTRIBUTE}=`) ? [MASONRY_SIZING_SCRIPT] : [],
      state: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' }),
    };
  });
}
