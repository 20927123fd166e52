import { lazy, Suspense, useState } from 'react';
import { MoreIcon } from '../../components/icons';
import { CARD_TEXT } from '../../lib/text';
import menuButtonStyles from '../moderation/PostModeration.module.css';
import type { OwnPostMenuProps } from './OwnPostMenu';
import type { PostCardMenuProps } from './PostCardMenu';

const OwnPostMenuNow = lazy(() => import('./OwnPostMenu').then((m) => ({ default: m.OwnPostMenu })));
const PostCardMenuNow = lazy(() => import('./PostCardMenu').then((m) => ({ default: m.PostCardMenu })));

/**
 * The ⋯ button as it looks before its menu's code is in (same box: nothing moves). A press is
 * kept: the menu opens as soon as its code has arrived (on a slow line that can take a while).
 */
function MenuButtonStandIn({ className, onPress }: { className?: string; onPress: () => void }) {
  return (
    <span className={className}>
      <button
        type="button"
        className={menuButtonStyles.menuButton}
        aria-label={CARD_TEXT.moreOptions}
        aria-haspopup="menu"
        onClick={onPress}
      >
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
  const [pressed, setPressed] = useState(false);
  return (
    <Suspense fallback={<MenuButtonStandIn className={props.className} onPress={() => setPressed(true)} />}>
      <OwnPostMenuNow {...props} openAtOnce={pressed} />
    </Suspense>
  );
}

/** The ⋯ menu on someone else's card (Save to collection, Report) as a feed card uses it. */
export function PostCardMenu(props: PostCardMenuProps) {
  const [pressed, setPressed] = useState(false);
  return (
    <Suspense fallback={<MenuButtonStandIn className={props.className} onPress={() => setPressed(true)} />}>
      <PostCardMenuNow {...props} openAtOnce={pressed} />
    </Suspense>
  );
}
