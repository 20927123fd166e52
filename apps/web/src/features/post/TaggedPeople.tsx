import type { TaggedUser } from '@glimpse/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorReason } from '../../api/http';
import { useRemoveOwnTagMutation } from '../../api/queries/posts';
import { Button, buttonClassName } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/useToast';
import { EDIT_POST_TEXT, TAG_PEOPLE_TEXT as TEXT } from '../../lib/text';
import { profileHref } from './post-text';
import styles from './TaggedPeople.module.css';

export interface TaggedPeopleProps {
  postId: string;
  taggedUsers: readonly TaggedUser[];
  /** The signed-in member's id: when they are tagged, "Remove me" is offered. */
  viewerId: string | undefined;
}

/**
 * "With Ava, Ben" under a post: each tagged member links to their profile. A tagged member may
 * take their own name off ("Remove me", after a confirmation).
 */
export function TaggedPeople({ postId, taggedUsers, viewerId }: TaggedPeopleProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const removeTag = useRemoveOwnTagMutation();
  const toast = useToast();
  if (taggedUsers.length === 0) return null;
  const isTagged = viewerId !== undefined && taggedUsers.some((u) => u.id === viewerId);

  const confirm = () => {
    if (!viewerId) return;
    removeTag.mutate(
      { postId, userId: viewerId },
      {
        onSuccess: () => {
          setIsConfirming(false);
          toast.show(TEXT.removed, { type: 'success' });
        },
        onError: (err) => {
          setIsConfirming(false);
          toast.show(`${TEXT.removeFailed} ${errorReason(err)}`, { type: 'error' });
        },
      },
    );
  };

  return (
    <div className={styles.tagged}>
      <p className={styles.names}>
        <span className={styles.with}>{TEXT.with} </span>
        {taggedUsers.map((user, i) => (
          <span key={user.id}>
            {i > 0 && ', '}
            <Link to={profileHref(user.username)} className={styles.link}>
              {user.displayName}
            </Link>
          </span>
        ))}
      </p>
      {isTagged && (
        <button
          ref={triggerRef}
          type="button"
          className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          onClick={() => setIsConfirming(true)}
        >
          {TEXT.removeMe}
        </button>
      )}
      <Modal
        open={isConfirming}
        onOpenChange={(open) => {
          setIsConfirming(open);
          if (!open) requestAnimationFrame(() => triggerRef.current?.focus());
        }}
        title={TEXT.removeMe}
        description={TEXT.removeMeConfirm}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={removeTag.isPending}>
              {EDIT_POST_TEXT.cancel}
            </Button>
            <Button variant="danger" onClick={confirm} isLoading={removeTag.isPending}>
              {TEXT.removeMe}
            </Button>
          </>
        }
      />
    </div>
  );
}
