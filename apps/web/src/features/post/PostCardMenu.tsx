import { useRef, useState } from 'react';
import { COLLECTION_TEXT, MODERATION_TEXT } from '../../lib/text';
import { SaveToCollectionDialog } from '../collections/SaveToCollectionDialog';
import { MoreMenu } from '../moderation/MoreMenu';
import { ReportDialog } from '../moderation/ReportDialog';

export interface PostCardMenuProps {
  postId: string;
  /** The post's author (an account of another server offers to forward a report there). */
  authorUsername?: string;
  className?: string;
  /** Opens the menu on mount: its ⋯ stand-in was pressed before this code arrived. */
  openAtOnce?: boolean;
}

/**
 * A card's "More options" (⋯) menu on someone else's post, for a signed-in member: "Save to
 * collection" (also where a narrow card, which hides its bookmark, saves) and "Report post".
 */
export function PostCardMenu({ postId, authorUsername, className, openAtOnce = false }: PostCardMenuProps) {
  const [open, setOpen] = useState<'collect' | 'report' | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(null);
    requestAnimationFrame(() => triggerRef.current?.focus());
  };
  return (
    <span className={className}>
      <MoreMenu
        triggerRef={triggerRef}
        defaultOpen={openAtOnce}
        items={[
          { label: COLLECTION_TEXT.saveTo, onSelect: () => setOpen('collect') },
          { label: MODERATION_TEXT.reportPost, onSelect: () => setOpen('report'), danger: true },
        ]}
      />
      {open === 'collect' && (
        <SaveToCollectionDialog postId={postId} open onOpenChange={(next) => !next && close()} />
      )}
      <ReportDialog
        open={open === 'report'}
        onOpenChange={(next) => !next && close()}
        targetType="post"
        targetId={postId}
        username={authorUsername}
      />
    </span>
  );
}
