import { lazy, Suspense, useEffect, useState } from 'react';
import type { PostDetailModalProps } from './PostDetailModal';

const loadModal = () => import('./PostDetailModal');
const PostDetailModalNow = lazy(() => loadModal().then((m) => ({ default: m.PostDetailModal })));

/**
 * The post detail popup as the feeds use it: its code (the dialog stack, comments, gallery) is not
 * part of the page's first load. It is fetched at the first interaction with the page or the first
 * open, whichever comes first; once opened it stays mounted (close animation, focus return).
 */
export function PostDetailModal(props: PostDetailModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);

  useEffect(() => {
    // The first sign of a person at the page (a pointer, a touch, a key) warms the chunk, so the
    // first open is instant; a page that is only looked at never downloads it.
    const events = ['pointerover', 'touchstart', 'keydown'] as const;
    const warm = () => {
      for (const e of events) window.removeEventListener(e, warm);
      void loadModal().catch(() => undefined);
    };
    for (const e of events) window.addEventListener(e, warm, { passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, warm);
    };
  }, []);

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PostDetailModalNow {...props} />
    </Suspense>
  );
}
