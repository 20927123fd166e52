import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState } from 'react';
import { MODERATION_TEXT } from '../../lib/text';
import styles from './Moderation.module.css';
import { ReportDialog } from './ReportDialog';

export interface PostMenuProps {
  postId: string;
}

/** The post's "More options" menu: "Report post" (shown to signed-in members on others' posts). */
export function PostMenu({ postId }: PostMenuProps) {
  const [isReportOpen, setIsReportOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* Not modal: a modal menu leaves the page inert while the dialog opens from it. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          className={styles.menuButton}
          aria-label={MODERATION_TEXT.moreOptions}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="5" cy="12" r="1.8" fill="currentColor" />
            <circle cx="12" cy="12" r="1.8" fill="currentColor" />
            <circle cx="19" cy="12" r="1.8" fill="currentColor" />
          </svg>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
            <DropdownMenu.Item
              className={`${styles.menuItem} ${styles.danger}`}
              onSelect={() => setIsReportOpen(true)}
            >
              {MODERATION_TEXT.reportPost}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReportDialog
        open={isReportOpen}
        onOpenChange={(open) => {
          setIsReportOpen(open);
          if (!open) requestAnimationFrame(() => triggerRef.current?.focus());
        }}
        targetType="post"
        targetId={postId}
      />
    </>
  );
}
