import { lazy, Suspense } from 'react';
import { MoreIcon } from '../../components/icons';
import { CARD_TEXT } from '../../lib/text';
import moderationStyles from '../moderation/Moderation.module.css';
import type { OwnPostMenuProps } from './OwnPostMenu';

const OwnPostMenuNow = lazy(() => import('./OwnPostMenu').then((m) => ({ default: m.OwnPostMenu })));

/**
 * The author's ⋯ menu as a feed card uses it: its code (the menu and dialog stack) is not part of
 * a feed's first load, and only a member's own cards ask for it. Until it is in, the same button
 * stands in its place (same box: nothing moves when the real one replaces it).
 */
export function OwnPostMenu(props: OwnPostMenuProps) {
  return (
    <Suspense
      fallback={
        <span className={props.className}>
          <button type="button" className={moderationStyles.menuButton} aria-label={CARD_TEXT.moreOptions}>
            <MoreIcon />
          </button>
        </span>
      }
    >
      <OwnPostMenuNow {...props} />
    </Suspense>
  );
}
