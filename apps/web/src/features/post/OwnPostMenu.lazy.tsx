import { lazy, Suspense } from 'react';
import { MoreIcon } from '../../components/icons';
import { CARD_TEXT } from '../../lib/text';
import menuButtonStyles from '../moderation/PostModeration.module.css';
import type { OwnPostMenuProps } from './OwnPostMenu';
import type { PostCardMenuProps } from './PostCardMenu';

const OwnPostMenuNow = lazy(() => import('./OwnPostMenu').then((m) => ({ default: m.OwnPostMenu })));
const PostCardMenuNow = lazy(() => import('./PostCardMenu').then((m) => ({ default: m.PostCardMenu })));

/** The ⋯ button as it looks before its menu's code is in (same box: nothing moves). */
function MenuButtonStandIn({ className }: { className?: string }) {
  return (
    <span className={className}>
      <button type="button" className={menuButtonStyles.menuButton} aria-label={CARD_TEXT.moreOptions}>
        <MoreIcon />
      </button>
    </span>
  );
}

/*
 * A feed card's ⋯ menus: their code (the menu and dialog stack) is not part of a feed's first
 * load; only a member's cards ask for it, and the stand-in holds their place until it is in.
 */

/** The author's ⋯ menu as a feed card uses it. */
export function OwnPostMenu(props: OwnPostMenuProps) {
  return (
    <Suspense fallback={<MenuButtonStandIn className={props.className} />}>
      <OwnPostMenuNow {...props} />
    </Suspense>
  );
}

/** The ⋯ menu on someone else's card (Save to collection, Report) as a feed card uses it. */
export function PostCardMenu(props: PostCardMenuProps) {
  return (
    <Suspense fallback={<MenuButtonStandIn className={props.className} />}>
      <PostCardMenuNow {...props} />
    </Suspense>
  );
}
