import { DEFAULT_PRIVACY } from '@glimpse/shared';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './CreatePostPage.module.css';
import { ImagePicker } from './ImagePicker';
import { PostDetailsFields, type PostDetails } from './PostDetailsFields';
import { useCreatePostFlow, type CreatePostStatus } from './useCreatePostFlow';
import { CREATE_POST_MSG } from '../../lib/text';
import { usePostImages } from './usePostImages';
import { DRAFT_TEXT } from '../../lib/text';
import type { PostDraft } from '../../lib/post-draft-store';
import { useAuth } from '../../lib/useAuth';
import { usePostDraft } from './usePostDraft';

const EMPTY_DETAILS: PostDetails = {
  title: '',
  content: '',
  tags: '',
  category: '',
  privacy: DEFAULT_PRIVACY,
  location: null,
  taggedUsers: [],
};

/** Public first (the default), then widening privacy. */
const SUBMIT_LABEL: Record<CreatePostStatus, string> = {
  idle: 'Post',
  uploading: 'Uploading images...',
  posting: 'Posting...',
  success: 'Post',
};

/** /create-post (SPEC §2, §4, §5): photos, title, description, tags, category, privacy, location. */
export function CreatePostPage() {
  useDocumentTitle('Create Post');
  const [details, setDetails] = useState<PostDetails>(EMPTY_DETAILS);
  const { title, content, tags, category, privacy, location } = details;
  const picker = usePostImages();
  const flow = useCreatePostFlow();
  const ids = { details: useId(), error: useId() };
  const busy = flow.status !== 'idle';
  const { user } = useAuth();
  const { replaceImages } = picker;

  const fill = useCallback(
    (draft: Omit<PostDraft, 'savedAt'>) => {
      const { title, content, tags, category, privacy, location } = draft;
      setDetails((current) => ({ ...current, title, content, tags, category, privacy, location }));
      replaceImages(draft.images);
    },
    [replaceImages],
  );
  const draft = usePostDraft({
    userId: user?.id,
    values: { title, content, tags, category, privacy, location, images: picker.images },
    defaultPrivacy: DEFAULT_PRIVACY,
    isEditable: !busy,
    onRestore: fill,
  });
  const { finish: finishDraft } = draft;
  useEffect(() => {
    if (flow.status === 'success') finishDraft();
  }, [flow.status, finishDraft]);

  const onDiscard = () => {
    draft.discard();
    setDetails(EMPTY_DETAILS);
    replaceImages([]);
    flow.clearError();
  };
  const missing = flow.error === CREATE_POST_MSG.required;

  const changeDetails = (change: Partial<PostDetails>) => {
    setDetails((current) => ({ ...current, ...change }));
    // Editing a required field withdraws the "required" message; the next Post checks again.
    if (missing && ('title' in change || 'content' in change || 'category' in change)) flow.clearError();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submit({ ...details, images: picker.images });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Create Post</h1>
      <div className={styles.draftBar}>
        <p role="status" className={styles.draftStatus}>
          {draft.wasRestored
            ? DRAFT_TEXT.restored
            : draft.saveState === 'pending'
              ? DRAFT_TEXT.saving
              : draft.saveState === 'saved'
                ? DRAFT_TEXT.saved
                : ''}
        </p>
        {(draft.wasRestored || draft.saveState !== 'none') && (
          <Button variant="ghost" size="sm" onClick={onDiscard} disabled={busy}>
            {DRAFT_TEXT.discard}
          </Button>
        )}
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <section className={styles.card} aria-labelledby="create-photos">
          <h2 id="create-photos" className={styles.sectionTitle}>
            Photos
          </h2>
          <ImagePicker
            images={picker.images}
            problems={picker.problems}
            onAddFiles={(files) => void picker.addFiles(files)}
            onRemove={picker.removeImage}
            onAltTextChange={picker.setAltText}
            progress={flow.status === 'uploading' ? flow.progress : undefined}
            disabled={busy}
          />
        </section>

        <PostDetailsFields
          headingId={ids.details}
          value={details}
          onChange={changeDetails}
          disabled={busy}
          categoryPlaceholder="Select a category"
          markMissing={missing}
          tagsPreview
        />

        <div className={styles.footer}>
          {flow.error && (
            <p id={ids.error} className={styles.error} role="alert">
              {flow.error}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            disabled={busy}
            isLoading={flow.status === 'uploading' || flow.status === 'posting'}
          >
            {SUBMIT_LABEL[flow.status]}
          </Button>
        </div>
      </form>
    </div>
  );
}
