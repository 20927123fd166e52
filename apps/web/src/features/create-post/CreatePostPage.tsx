import {
  CONTENT_MAX_LENGTH,
  DEFAULT_PRIVACY,
  splitTags,
  TITLE_MAX_LENGTH,
  type PostLocation,
  type Privacy,
  type TaggedUser,
} from '@glimpse/shared';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './CreatePostPage.module.css';
import { CategoryPrivacyFields } from './CategoryPrivacyFields';
import { ImagePicker } from './ImagePicker';
import { LocationPicker } from './LocationPicker';
import { TagPeopleField } from './TagPeopleField';
import { useCreatePostFlow, type CreatePostStatus } from './useCreatePostFlow';
import { CREATE_POST_MSG } from '../../lib/text';
import { usePostImages } from './usePostImages';
import { DRAFT_TEXT } from '../../lib/text';
import type { PostDraft } from '../../lib/post-draft-store';
import { useAuth } from '../../lib/useAuth';
import { usePostDraft } from './usePostDraft';

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
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [tags, setTags] = useState('');
  const [category, setCategory] = useState('');
  const [privacy, setPrivacy] = useState<Privacy>(DEFAULT_PRIVACY);
  const [location, setLocation] = useState<PostLocation | null>(null);
  const [taggedUsers, setTaggedUsers] = useState<TaggedUser[]>([]);
  const picker = usePostImages();
  const flow = useCreatePostFlow();
  const ids = { content: useId(), error: useId() };
  const busy = flow.status !== 'idle';
  const { user } = useAuth();
  const { replaceImages } = picker;

  const fill = useCallback(
    (draft: Omit<PostDraft, 'savedAt'>) => {
      setTitle(draft.title);
      setContent(draft.content);
      setTags(draft.tags);
      setCategory(draft.category);
      setPrivacy(draft.privacy);
      setLocation(draft.location);
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
    fill({
      title: '',
      content: '',
      tags: '',
      category: '',
      privacy: DEFAULT_PRIVACY,
      location: null,
      images: [],
    });
    setTaggedUsers([]);
    flow.clearError();
  };
  const missing = flow.error === CREATE_POST_MSG.required;
  const tagList = splitTags(tags);

  /** Editing a required field withdraws the "required" message; the next Post checks again. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (missing) flow.clearError();
    };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submit({
      title,
      content,
      tags,
      category,
      privacy,
      location,
      images: picker.images,
      taggedUsers,
    });
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

        <section className={styles.card} aria-labelledby="create-details">
          <h2 id="create-details" className={styles.sectionTitle}>
            Details
          </h2>
          <TextField
            label="Title"
            value={title}
            maxLength={TITLE_MAX_LENGTH}
            onChange={(event) => edit(setTitle)(event.target.value)}
            disabled={busy}
            required
            aria-invalid={missing && !title.trim() ? true : undefined}
          />

          <div className={styles.field}>
            <label htmlFor={ids.content} className={styles.label}>
              Description
            </label>
            <textarea
              id={ids.content}
              className={styles.textarea}
              value={content}
              rows={6}
              maxLength={CONTENT_MAX_LENGTH}
              onChange={(event) => edit(setContent)(event.target.value)}
              disabled={busy}
              required
              aria-invalid={missing && !content.trim() ? true : undefined}
            />
            <p className={styles.counter}>
              {content.length} / {CONTENT_MAX_LENGTH}
            </p>
          </div>

          <TextField
            label="Tags"
            hint="Separate tags with commas"
            value={tags}
            onChange={(event) => setTags(event.target.value)}
            disabled={busy}
          />
          {tagList.length > 0 && (
            <ul role="list" className={styles.tags} aria-label="Tags preview">
              {tagList.map((tag) => (
                <li key={tag}>#{tag}</li>
              ))}
            </ul>
          )}

          <CategoryPrivacyFields
            category={category}
            onCategoryChange={edit(setCategory)}
            privacy={privacy}
            onPrivacyChange={setPrivacy}
            disabled={busy}
            placeholder="Select a category"
            categoryInvalid={missing && !category}
          />

          <LocationPicker value={location} onChange={setLocation} disabled={busy} />

          <TagPeopleField value={taggedUsers} onChange={setTaggedUsers} disabled={busy} />
        </section>

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
