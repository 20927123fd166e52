import { CHUNK_LOAD_TIMEOUT_MS } from '@glimpse/shared';
import type { ComponentType } from 'react';
import { pageLoaders, type PageName } from './pages';

export type ChunkFailure = 'timeout' | 'error';

/** A page's code could not be fetched (SPEC §8: "Loading chunk {n} failed"). */
export class ChunkLoadError extends Error {
  readonly chunk: string;
  readonly failure: ChunkFailure;

  constructor(chunk: string, failure: ChunkFailure, cause?: unknown) {
    super(`Loading chunk ${chunk} failed. (${failure})`, { cause });
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
    this.failure = failure;
  }
}

/** Imports a page chunk, giving up after CHUNK_LOAD_TIMEOUT_MS (SPEC §9: 120 s). */
export function loadPage(name: PageName, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<ComponentType> {
  return new Promise<ComponentType>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(name, 'timeout')), timeoutMs);
    pageLoaders[name]().then(
      (component) => {
        clearTimeout(timer);
        resolve(component);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(name, 'error', error));
      },
    );
  });
}

/** A route's `lazy` for a page: `{ path: 'home', lazy: lazyPage('home') }`. */
export function lazyPage(name: PageName): () => Promise<{ Component: ComponentType }> {
  return () => loadPage(name).then((Component) => ({ Component }));
}

/** Warms a page's chunk (hover/focus intent). Failures are ignored: the real navigation reports them. */
export function prefetchPage(name: PageName): void {
  loadPage(name).catch(() => undefined);
}
