import { useParams } from 'react-router';
import { isApiError } from '../../api/http';
import { useCollectionInfiniteQuery } from '../../api/queries/collections';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { COLLECTION_TEXT } from '../../lib/text';
import { useAuth } from '../../lib/useAuth';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { countLabel, PostGrid, PostGridSkeleton } from '../post';
import { CollectionOwnerActions } from './CollectionOwnerActions';
import styles from './Collections.module.css';

/** /collections/{id}: the collection's posts the viewer may see, newest added first. */
export function CollectionPage() {
  const id = useParams().collectionId ?? '';
  const query = useCollectionInfiniteQuery(id);
  const { user } = useAuth();
  const collection = query.data?.pages[0]?.collection;
  const posts = query.data?.pages.flatMap((p) => p.posts) ?? [];
  useDocumentTitle(collection?.title ?? COLLECTION_TEXT.collection);

  if (query.isPending) return <PostGridSkeleton label={COLLECTION_TEXT.loading} count={4} />;
  if (query.isError || !collection)
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{COLLECTION_TEXT.collection}</h1>
        <ErrorState
          headingLevel={2}
          title={isApiError(query.error) && query.error.status === 404 ? COLLECTION_TEXT.notFound : undefined}
          message={COLLECTION_TEXT.failed}
        />
      </div>
    );

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <div>
          <h1 className={styles.title}>{collection.title}</h1>
          {collection.description && <p>{collection.description}</p>}
          <p className={styles.meta}>
            {countLabel(collection.postsCount, 'post')}
            {collection.isPrivate ? ` · ${COLLECTION_TEXT.private}` : ''}
          </p>
        </div>
        {user?.id === collection.ownerId && (
          <CollectionOwnerActions key={collection.id} collection={collection} />
        )}
      </header>
      {posts.length === 0 ? (
        <EmptyState
          headingLevel={2}
          title={COLLECTION_TEXT.emptyPosts}
          message={COLLECTION_TEXT.emptyPostsMessage}
        />
      ) : (
        <PostGrid posts={posts} label={`${COLLECTION_TEXT.collection}: ${collection.title}`} />
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {COLLECTION_TEXT.loadMore}
        </Button>
      )}
    </div>
  );
}
