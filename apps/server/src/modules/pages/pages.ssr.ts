import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The web app's server renderer (apps/web/src/entry-server.tsx, built to dist-ssr/). */
export interface WebRenderer {
  render(
    url: string,
    origin: string,
    transport: (url: string, init: RequestInit) => Promise<Response>,
  ): Promise<{ html: string; state: unknown; scripts?: string[] }>;
}

/** The pages the server renders, by the web source file of each (the build's manifest keys). */
export const RENDERED_PAGES = {
  home: { source: 'src/features/feed/HomePage.tsx', chunk: 'home' },
  post: { source: 'src/features/post/PostPage.tsx', chunk: 'PostPage' },
  profile: { source: 'src/features/profile/ProfilePage.tsx', chunk: 'ProfilePage' },
  explore: { source: 'src/features/explore/ExplorePage.tsx', chunk: 'ExplorePage' },
  search: { source: 'src/features/search/SearchPage.tsx', chunk: 'SearchPage' },
} as const;
export type RenderedPage = keyof typeof RENDERED_PAGES;

interface ManifestEntry {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  css?: string[];
}

/** A page's own stylesheets and scripts (what its chunk imports statically), as absolute paths. */
export interface PageAssets {
  css: string[];
  js: string[];
}

/** Reads a file again only when it changed (a rebuilt web app is served without a restart). */
function whenChanged<T>(file: string, load: (mtimeMs: number) => Promise<T>): () => Promise<T | null> {
  let kept: { mtimeMs: number; value: Promise<T> } | null = null;
  return async () => {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) return null;
    if (!kept || kept.mtimeMs !== stat.mtimeMs) {
      kept = { mtimeMs: stat.mtimeMs, value: load(stat.mtimeMs) };
      kept.value.catch(() => {
        kept = null;
      });
    }
    return kept.value;
  };
}

/**
 * The renderer and the client build's manifest beside `webDist` (`../dist-ssr/entry-server.js`,
 * `.vite/manifest.json`); null while either is missing (the pages are then answered with their
 * head alone and rendered in the browser).
 */
export function webRenderer(webDist: string) {
  const rendererFile = path.resolve(webDist, '..', 'dist-ssr', 'entry-server.js');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  // A query string per build: Node keeps every module it imported, by URL.
  const renderer = whenChanged(
    rendererFile,
    async (mtimeMs) => (await import(`${pathToFileURL(rendererFile).href}?v=${mtimeMs}`)) as WebRenderer,
  );
  const manifest = whenChanged(
    manifestFile,
    async () => JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Record<string, ManifestEntry>,
  );

  const assetsOf = (entries: Record<string, ManifestEntry>, page: RenderedPage): PageAssets => {
    const { source, chunk } = RENDERED_PAGES[page];
    const start = entries[source]
      ? source
      : Object.keys(entries).find((key) => entries[key]!.name === chunk && !entries[key]!.src);
    const css = new Set<string>();
    const js = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const entry = entries[key];
      // The entry (index.html) is linked by index.html itself.
      if (!entry || seen.has(key) || key === 'index.html') return;
      seen.add(key);
      js.add(`/${entry.file}`);
      for (const file of entry.css ?? []) css.add(`/${file}`);
      for (const imported of entry.imports ?? []) visit(imported);
    };
    if (start) visit(start);
    return { css: [...css], js: [...js] };
  };

  return {
    async load(page: RenderedPage): Promise<{ renderer: WebRenderer; assets: PageAssets } | null> {
      // `npm run build -w @glimpse/web` builds the browser's app, then the renderer. A renderer
      // older than the browser's build (the app rebuilt alone) would write other CSS class names
      // than the stylesheets have, and React would adopt that HTML as it is: not used.
      const [rendererStat, manifestStat] = await Promise.all([
        fs.stat(rendererFile).catch(() => null),
        fs.stat(manifestFile).catch(() => null),
      ]);
      if (!rendererStat || !manifestStat || rendererStat.mtimeMs < manifestStat.mtimeMs) return null;
      const [r, m] = await Promise.all([renderer(), manifest()]);
      return r && m ? { renderer: r, assets: assetsOf(m, page) } : null;
    },
  };
}
