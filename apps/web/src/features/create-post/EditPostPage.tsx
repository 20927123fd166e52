import { splitTags, type Post, type PostDetail, type PostImage } from '@glimpse/shared';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/http';
import { usePostQuery, useUpdatePostMutation } from '../../api/queries/posts';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/useToast';
import { CREATE_POST_MSG, EDIT_POST_TEXT, POST_DETAIL_TEXT } from '../../lib/text';
import { useAuth } from '../../lib/useAuth';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { postHref } from '../post/post-text';
import styles from './CreatePostPage.module.css';
import editStyles from './EditPostPage.module.css';
import { PostDetailsFields, type PostDetails } from './PostDetailsFields';

/** /posts/{postId}/edit: the create form, filled with the author's post. */
export function EditPostPage() {
  useDocumentTitle(EDIT_POST_TEXT.heading);
  const { postId } = useParams();
  const { user } = useAuth();
  const query = usePostQuery(postId);
  const post = query.data;

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{EDIT_POST_TEXT.heading}</h1>
      {post && !query.isPlaceholderData ? (
        post.author.id === user?.id ? (
          <EditPostForm post={post} />
        ) : (
          <ErrorState
            headingLevel={2}
            title={EDIT_POST_TEXT.notYours}
            message={POST_DETAIL_TEXT.notFoundMessage}
          />
        )
      ) : query.isError ? (
        <ErrorState
          headingLevel={2}
          title={
            isApiError(query.error) && query.error.status === 404 ? POST_DETAIL_TEXT.notFound : undefined
          }
          message={POST_DETAIL_TEXT.failed}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <LoadingState message={EDIT_POST_TEXT.loading} />
      )}
    </div>
  );
}

function EditPostForm({ post }: { post: Post | PostDetail }) {
  const [details, setDetails] = useState<PostDetails>(() => ({
    title: post.title,
    content: post.content,
    tags: post.tags.join(', '),
    category: post.category,
    privacy: post.privacy,
    location: post.location,
    taggedUsers: post.taggedUsers ?? [],
  }));
  const { title, content, tags, category, privacy, location, taggedUsers } = details;
  const [images, setImages] = useState<PostImage[]>(post.media.images);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePostMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const detailsId = useId();
  const busy = update.isPending;

  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setImages(next);
  };
  const setAlt = (index: number, altText: string) =>
    setImages(images.map((img, i) => (i === index ? { ...img, altText } : img)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !content.trim() || !category) {
      setError(CREATE_POST_MSG.required);
      return;
    }
    setError(null);
    const name = location?.name.trim() ?? '';
    update.mutate(
      {
        postId: post.id,
        changes: {
          title: title.trim(),
          content: content.trim(),
          tags: splitTags(tags),
          category,
          privacy,
          location: location && name ? { ...location, name } : null,
          taggedUserIds: taggedUsers.map((u) => u.id),
          ...(post.media.images.length > 0
            ? {
                images: images.map((img) => ({
                  url: img.url,
                  altText: img.altText.trim(),
                  caption: img.caption,
                })),
              }
            : {}),
        },
      },
      {
        onSuccess: () => {
          toast.show(EDIT_POST_TEXT.saved, { type: 'success' });
          void navigate(postHref(post), { replace: true });
        },
        onError: (caught) =>
          setError((isApiError(caught) && caught.serverMessage) || EDIT_POST_TEXT.saveFailed),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {images.length > 0 && (
        <section className={styles.card} aria-labelledby="edit-photos">
          <h2 id="edit-photos" className={styles.sectionTitle}>
            Photos
          </h2>
          <ol className={editStyles.photos}>
            {images.map((img, index) => (
              <li key={img.url} className={editStyles.photo}>
                <img src={img.url} alt={img.altText} className={editStyles.thumb} width={96} height={96} />
                <div className={editStyles.photoFields}>
                  <TextField
                    label={`${EDIT_POST_TEXT.altText} (${EDIT_POST_TEXT.photoLabel(index + 1)})`}
                    value={img.altText}
                    onChange={(event) => setAlt(index, event.target.value)}
                    disabled={busy}
                  />
                  <div className={editStyles.photoActions}>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`${EDIT_POST_TEXT.moveEarlier}: ${EDIT_POST_TEXT.photoLabel(index + 1)}`}
                      disabled={busy || index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`${EDIT_POST_TEXT.moveLater}: ${EDIT_POST_TEXT.photoLabel(index + 1)}`}
                      disabled={busy || index === images.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${EDIT_POST_TEXT.removePhoto}: ${EDIT_POST_TEXT.photoLabel(index + 1)}`}
                      title={images.length === 1 ? EDIT_POST_TEXT.keepOnePhoto : undefined}
                      disabled={busy || images.length === 1}
                      onClick={() => setImages(images.filter((_, i) => i !== index))}
                    >
                      {EDIT_POST_TEXT.removePhoto}
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}

      <PostDetailsFields
        headingId={detailsId}
        value={details}
        onChange={(change) => setDetails((current) => ({ ...current, ...change }))}
        disabled={busy}
      />

      <div className={styles.footer}>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <Button variant="secondary" size="lg" disabled={busy} onClick={() => void navigate(postHref(post))}>
          {EDIT_POST_TEXT.cancel}
        </Button>
        <Button type="submit" size="lg" disabled={busy} isLoading={busy}>
          {busy ? EDIT_POST_TEXT.saving : EDIT_POST_TEXT.save}
        </Button>
      </div>
    </form>
  );
}
