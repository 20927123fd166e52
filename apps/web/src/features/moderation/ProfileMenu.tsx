import { useRef, useState } from 'react';
import { MODERATION_TEXT } from '../../lib/text';
import { ConfirmBlockDialog } from './ConfirmBlockDialog';
import { MoreMenu } from './MoreMenu';
import { ReportDialog } from './ReportDialog';

export interface ProfileMenuProps {
  user: { id: string; username: string };
}

/** Another member's profile menu: "Report user" and "Block @name" (with a confirmation). */
export function ProfileMenu({ user }: ProfileMenuProps) {
  const [open, setOpen] = useState<'report' | 'block' | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const onOpenChange = (next: boolean) => {
    if (next) return;
    setOpen(null);
    requestAnimationFrame(() => triggerRef.current?.focus());
  };
  return (
    <>
      <MoreMenu
        triggerRef={triggerRef}
        items={[
          { label: MODERATION_TEXT.reportUser, onSelect: () => setOpen('report') },
          { label: MODERATION_TEXT.blockUser(user.username), onSelect: () => setOpen('block'), danger: true },
        ]}
      />
      <ReportDialog
        open={open === 'report'}
        onOpenChange={onOpenChange}
        targetType="user"
        targetId={user.id}
        username={user.username}
      />
      <ConfirmBlockDialog open={open === 'block'} onOpenChange={onOpenChange} user={user} />
    </>
  );
}
