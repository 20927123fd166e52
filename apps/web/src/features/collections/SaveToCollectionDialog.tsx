import { useState, type FormEvent } from 'react';
import { errorReason } from '../../api/http';
import {
  useAddToCollectionMutation,
  useCreateCollectionMutation,
  useUserCollectionsQuery,
} from '../../api/queries/collections';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { LoadingState } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/useToast';
import { COLLECTION_TEXT } from '../../lib/text';
import { useAuth } from '../../lib/useAuth';
import styles from './Collections.module.css';

export interface SaveToCollectionDialogProps {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Save to collection": one of the member's collections, or a new one; the post is saved too. */
export function SaveToCollectionDialog({ postId, open, onOpenChange }: SaveToCollectionDialogProps) {
  const { user } = useAuth();
  const query = useUserCollectionsQuery(user?.id, { enabled: open });
  const add = useAddToCollectionMutation();
  const create = useCreateCollectionMutation();
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  const addTo = (collectionId: string, name: string) =>
    add.mutate(
      { collectionId, postId },
      {
        onSuccess: () => {
          toast.show(COLLECTION_TEXT.added(name), { type: 'success' });
          onOpenChange(false);
        },
        onError: (err) => setError(errorReason(err)),
      },
    );

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { title },
      {
        onSuccess: ({ collection }) => {
          setTitle('');
          addTo(collection.id, collection.title);
        },
        onError: (err) => setError(errorReason(err)),
      },
    );
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={COLLECTION_TEXT.saveTo} size="sm">
      <div className={styles.panel}>
        {query.isPending ? (
          <LoadingState message={COLLECTION_TEXT.loading} />
        ) : (
          <ul className={styles.choices} aria-label={COLLECTION_TEXT.listLabel}>
            {(query.data?.collections ?? []).map((c) => (
              <li key={c.id} className={styles.choice}>
                <span>{c.title}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={add.isPending}
                  onClick={() => addTo(c.id, c.title)}
                >
                  {COLLECTION_TEXT.add}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form className={styles.newForm} onSubmit={onCreate}>
          <TextField
            label={COLLECTION_TEXT.newTitle}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <Button type="submit" isLoading={create.isPending || add.isPending} disabled={!title.trim()}>
            {COLLECTION_TEXT.createAndAdd}
          </Button>
        </form>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
