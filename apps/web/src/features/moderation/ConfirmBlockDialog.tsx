import { useState } from 'react';
import { errorReason } from '../../api/http';
import { useBlockMutation } from '../../api/queries/moderation';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { MODERATION_TEXT } from '../../lib/text';
import styles from './Moderation.module.css';

export interface ConfirmBlockDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: { id: string; username: string };
  onBlocked?: () => void;
}

/** Blocking has wide effects (follows end, content disappears both ways): it is confirmed first. */
export function ConfirmBlockDialog({ open, onOpenChange, user, onBlocked }: ConfirmBlockDialogProps) {
  const block = useBlockMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    block.mutate(
      { userId: user.id, block: true },
      {
        onSuccess: () => {
          onOpenChange(false);
          onBlocked?.();
        },
        onError: (err) => setError(errorReason(err)),
      },
    );
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={MODERATION_TEXT.blockConfirmTitle(user.username)}
      description={MODERATION_TEXT.blockConfirm}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={block.isPending}>
            {MODERATION_TEXT.cancel}
          </Button>
          <Button variant="danger" onClick={confirm} isLoading={block.isPending}>
            {MODERATION_TEXT.block}
          </Button>
        </>
      }
    >
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
