import type { Collection } from '@glimpse/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorReason } from '../../api/http';
import { useDeleteCollectionMutation, useUpdateCollectionMutation } from '../../api/queries/collections';
import { Button, buttonClassName } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/useToast';
import { COLLECTION_TEXT as TEXT } from '../../lib/text';
import styles from './Collections.module.css';

/**
 * The owner's Rename and Delete on /collections/{id}. Rename asks for the new title in a dialog;
 * Delete asks first, then goes to the owner's Collections tab (the posts stay saved).
 */
export function CollectionOwnerActions({ collection }: { collection: Collection }) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [title, setTitle] = useState(collection.title);
  const [error, setError] = useState<string | null>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const update = useUpdateCollectionMutation();
  const remove = useDeleteCollectionMutation();
  const navigate = useNavigate();
  const toast = useToast();

  const close = (which: 'rename' | 'delete') => {
    setDialog(null);
    setError(null);
    const trigger = which === 'rename' ? renameRef : deleteRef;
    requestAnimationFrame(() => trigger.current?.focus());
  };

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { id: collection.id, changes: { title } },
      {
        onSuccess: () => {
          close('rename');
          toast.show(TEXT.renamed, { type: 'success' });
        },
        onError: (err) => setError(errorReason(err)),
      },
    );
  };

  const onDelete = () =>
    remove.mutate(collection.id, {
      onSuccess: () => {
        setDialog(null);
        toast.show(TEXT.deleted, { type: 'success' });
        void navigate('/profile?tab=collections', { replace: true });
      },
      onError: (err) => {
        close('delete');
        toast.show(`${TEXT.deleteFailed}: ${errorReason(err)}`, { type: 'error' });
      },
    });

  return (
    <div className={styles.ownerActions} role="group" aria-label={TEXT.ownerActions}>
      <button
        ref={renameRef}
        type="button"
        className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        onClick={() => {
          setTitle(collection.title);
          setDialog('rename');
        }}
      >
        {TEXT.rename}
      </button>
      <button
        ref={deleteRef}
        type="button"
        className={buttonClassName({ variant: 'ghost', size: 'sm' })}
        onClick={() => setDialog('delete')}
      >
        {TEXT.delete}
      </button>

      <Modal
        open={dialog === 'rename'}
        onOpenChange={(open) => !open && close('rename')}
        title={TEXT.renameTitle}
        size="sm"
      >
        <form className={styles.renameForm} onSubmit={onRename}>
          <TextField
            label={TEXT.titleLabel}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={error}
          />
          <div className={styles.dialogButtons}>
            <Button variant="secondary" onClick={() => close('rename')} disabled={update.isPending}>
              {TEXT.cancel}
            </Button>
            <Button type="submit" isLoading={update.isPending} disabled={!title.trim()}>
              {TEXT.save}
            </Button>
          </div>
        </form>
      </Modal>

      <Modal
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && close('delete')}
        title={TEXT.delete}
        description={TEXT.deleteConfirm}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => close('delete')} disabled={remove.isPending}>
              {TEXT.cancel}
            </Button>
            <Button variant="danger" onClick={onDelete} isLoading={remove.isPending}>
              {TEXT.delete}
            </Button>
          </>
        }
      />
    </div>
  );
}
