import type { Chat } from '@glimpse/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useBlockedUsersQuery, useBlockMutation } from '../../api/queries/moderation';
import { ConfirmBlockDialog } from '../moderation/ConfirmBlockDialog';
import { MODERATION_TEXT } from '../../lib/text';
import { CHAT_TEXT } from '../../lib/text';
import {
  chatAvatarUrl,
  chatDisplayName,
  isChatOnline,
  otherParticipant,
} from '../../api/chat/conversation-logic';
import styles from './ConversationPane.module.css';
import type { ActionResult } from './useChatActions';

export interface ConversationHeaderProps {
  chat: Chat;
  myUserId: string;
  onBack: () => void;
  onDelete: () => Promise<ActionResult>;
  /** Moves the chat into (or out of) the member's Archive tab. */
  onToggleArchive: () => void;
}

/** The open chat's header: who it is with, "Active now", and the options menu with "Delete Chat". */
export function ConversationHeader({
  chat,
  myUserId,
  onBack,
  onDelete,
  onToggleArchive,
}: ConversationHeaderProps) {
  const navigate = useNavigate();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const name = chatDisplayName(chat, myUserId);
  const isOnline = isChatOnline(chat, myUserId);
  const other = chat.type === 'direct' ? otherParticipant(chat, myUserId) : undefined;
  const blocked = useBlockedUsersQuery(Boolean(other));
  const unblock = useBlockMutation();
  const [isBlockOpen, setIsBlockOpen] = useState(false);
  const isBlocked = Boolean(other && blocked.data?.users.some((u) => u.id === other.id));

  const confirmDelete = async () => {
    setIsDeleting(true);
    setError(null);
    const result = await onDelete();
    // On success this header unmounts with the chat; only a failure needs state.
    if (!result.ok) {
      setIsDeleting(false);
      setError(result.error);
    }
  };

  return (
    <header className={styles.header}>
      <button type="button" className={styles.backButton} aria-label="Back to conversations" onClick={onBack}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M15 5l-7 7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <span className={styles.headerAvatar}>
        <Avatar src={chatAvatarUrl(chat, myUserId)} name={name} size="md" decorative />
        {isOnline && <span className={styles.onlineDot} aria-hidden="true" />}
      </span>
      <div className={styles.headerText}>
        <h2 className={styles.headerName}>{name}</h2>
        <p className={isOnline ? styles.headerActive : styles.headerSub}>
          {isOnline ? CHAT_TEXT.activeNow : other ? `@${other.username}` : ''}
        </p>
      </div>
      {/* Not modal: a modal menu leaves the page inert while the confirmation dialog opens from it. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger ref={menuButtonRef} className={styles.iconButton} aria-label="Chat options">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <circle cx="12" cy="5" r="1.8" fill="currentColor" />
            <circle cx="12" cy="12" r="1.8" fill="currentColor" />
            <circle cx="12" cy="19" r="1.8" fill="currentColor" />
          </svg>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
            {other && (
              <DropdownMenu.Item
                className={styles.menuItem}
                onSelect={() => void navigate(`/profile/${other.username}`)}
              >
                View Profile
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={styles.menuItem} onSelect={onToggleArchive}>
              {chat.isArchived ? CHAT_TEXT.unarchive : CHAT_TEXT.archive}
            </DropdownMenu.Item>
            {other && (
              <DropdownMenu.Item
                className={styles.menuItem}
                onSelect={() =>
                  isBlocked ? unblock.mutate({ userId: other.id, block: false }) : setIsBlockOpen(true)
                }
              >
                {isBlocked
                  ? MODERATION_TEXT.unblockUser(other.username)
                  : MODERATION_TEXT.blockUser(other.username)}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              className={`${styles.menuItem} ${styles.menuItemDanger}`}
              onSelect={() => {
                setError(null);
                setIsConfirmOpen(true);
              }}
            >
              Delete Chat
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {other && (
        <ConfirmBlockDialog
          open={isBlockOpen}
          onOpenChange={(open) => {
            setIsBlockOpen(open);
            if (!open) requestAnimationFrame(() => menuButtonRef.current?.focus());
          }}
          user={other}
        />
      )}
      <Modal
        open={isConfirmOpen}
        onOpenChange={(open) => {
          setIsConfirmOpen(open);
          // The menu item that opened it is gone: give focus back to the menu button.
          if (!open) requestAnimationFrame(() => menuButtonRef.current?.focus());
        }}
        title="Delete Chat"
        description={CHAT_TEXT.deleteConfirm}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirmOpen(false)} disabled={isDeleting}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()} isLoading={isDeleting}>
              Delete
            </Button>
          </>
        }
      >
        {error && (
          <p className={styles.modalError} role="alert">
            {error}
          </p>
        )}
      </Modal>
    </header>
  );
}
