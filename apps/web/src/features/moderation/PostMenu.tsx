import { useRef, useState } from 'react';
import { MODERATION_TEXT } from '../../lib/text';
import { MoreMenu } from './MoreMenu';
import { ReportDialog } from './ReportDialog';

export interface PostMenuProps {
  postId: string;
  /** The post's author (an account of another server offers to forward a report there). */
  authorUsername?: string;
}

/** The post's "More options" menu: "Report post" (shown to signed-in members on others' posts). */
export function PostMenu({ postId, authorUsername }: PostMenuProps) {
  const [isReportOpen, setIsReportOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <MoreMenu
        triggerRef={triggerRef}
        items={[{ label: MODERATION_TEXT.reportPost, onSelect: () => setIsReportOpen(true), danger: true }]}
      />
      <ReportDialog
        open={isReportOpen}
        onOpenChange={(open) => {
          setIsReportOpen(open);
          if (!open) requestAnimationFrame(() => triggerRef.current?.focus());
        }}
        targetType="post"
        targetId={postId}
        username={authorUsername}
      />
    </>
  );
}
