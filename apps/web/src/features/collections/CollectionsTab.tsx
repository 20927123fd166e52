import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorReason } from '../../api/http';
import { useCreateCollectionMutation, useUserCollectionsQuery } from '../../api/queries/collections';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { COLLECTION_TEXT } from '../../lib/text';
import { countLabel } from '../post';
import styles from './Collections.module.css';

export interface CollectionsTabProps {
  userId: string;
  isOwn: boolean;
}

/** A profile's Collections tab: the owner's all (with a form for a new one), others' public ones. */
export function CollectionsTab({ userId, isOwn }: CollectionsTabProps) {
  const query = useUserCollectionsQuery(userId);
  const create = useCreateCollectionMutation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate({ title }, { onSuccess: () => setTitle(''), onError: (err) => setError(errorReason(err)) });
  };

  const collections = query.data?.collections ?? [];
  return (
    <div className={styles.panel}>
      {isOwn && (
        <form className={styles.newForm} onSubmit={onCreate}>
          <TextField
            label={COLLECTION_TEXT.newTitle}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={error}
          />
          <Button type="submit" isLoading={create.isPending} disabled={!title.trim()}>
            {COLLECTION_TEXT.create}
          </Button>
        </form>
      )}
      {query.isPending ? (
        <LoadingState message={COLLECTION_TEXT.loading} />
      ) : query.isError ? (
        <ErrorState message={COLLECTION_TEXT.failed} onRetry={() => void query.refetch()} />
      ) : collections.length === 0 ? (
        <EmptyState headingLevel={3} title={COLLECTION_TEXT.empty} message={COLLECTION_TEXT.emptyMessage} />
      ) : (
        <ul className={styles.grid} aria-label={COLLECTION_TEXT.listLabel}>
          {collections.map((c) => (
            <li key={c.id}>
              <Link to={`/collections/${encodeURIComponent(c.id)}`} className={styles.tile}>
                {c.cover ? (
                  <img src={c.cover} alt="" className={styles.cover} loading="lazy" />
                ) : (
                  <span className={styles.cover} aria-hidden="true" />
                )}
                <span className={styles.tileTitle}>{c.title}</span>
                <span className={styles.meta}>
                  {countLabel(c.postsCount, 'post')}
                  {c.isPrivate ? ` · ${COLLECTION_TEXT.private}` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
