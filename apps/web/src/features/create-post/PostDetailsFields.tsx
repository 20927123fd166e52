import { CONTENT_MAX_LENGTH, splitTags, TITLE_MAX_LENGTH, type TaggedUser } from '@glimpse/shared';
import { useId } from 'react';
import { TextField } from '../../components/TextField';
import type { PostFormFields } from '../../lib/post-draft-store';
import { CategoryPrivacyFields } from './CategoryPrivacyFields';
import styles from './CreatePostPage.module.css';
import { LocationPicker } from './LocationPicker';
import { TagPeopleField } from './TagPeopleField';

/** What the post form's Details section edits (create and edit). */
export interface PostDetails extends PostFormFields {
  taggedUsers: TaggedUser[];
}

export interface PostDetailsFieldsProps {
  /** The section heading's id (the section is labelled by it). */
  headingId: string;
  value: PostDetails;
  /** Called with the one field that changed. */
  onChange(change: Partial<PostDetails>): void;
  disabled: boolean;
  /** A new post starts with no category chosen: the list then offers this first. */
  categoryPlaceholder?: string;
  /** The required fields were asked for: mark the empty ones. */
  markMissing?: boolean;
  /** Shows the tags as they will be saved, under the field. */
  tagsPreview?: boolean;
}

/**
 * The Details of a post, as creating and editing ask for them: title, description (with its
 * counter), tags, category and privacy, location and tagged people.
 */
export function PostDetailsFields({
  headingId,
  value,
  onChange,
  disabled,
  categoryPlaceholder,
  markMissing = false,
  tagsPreview = false,
}: PostDetailsFieldsProps) {
  const contentId = useId();
  const tagList = tagsPreview ? splitTags(value.tags) : [];
  const invalid = (empty: boolean) => (markMissing && empty ? true : undefined);
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Details
      </h2>
      <TextField
        label="Title"
        value={value.title}
        maxLength={TITLE_MAX_LENGTH}
        onChange={(event) => onChange({ title: event.target.value })}
        disabled={disabled}
        required
        aria-invalid={invalid(!value.title.trim())}
      />

      <div className={styles.field}>
        <label htmlFor={contentId} className={styles.label}>
          Description
        </label>
        <textarea
          id={contentId}
          className={styles.textarea}
          value={value.content}
          rows={6}
          maxLength={CONTENT_MAX_LENGTH}
          onChange={(event) => onChange({ content: event.target.value })}
          disabled={disabled}
          required
          aria-invalid={invalid(!value.content.trim())}
        />
        <p className={styles.counter}>
          {value.content.length} / {CONTENT_MAX_LENGTH}
        </p>
      </div>

      <TextField
        label="Tags"
        hint="Separate tags with commas"
        value={value.tags}
        onChange={(event) => onChange({ tags: event.target.value })}
        disabled={disabled}
      />
      {tagList.length > 0 && (
        <ul role="list" className={styles.tags} aria-label="Tags preview">
          {tagList.map((tag) => (
            <li key={tag}>#{tag}</li>
          ))}
        </ul>
      )}

      <CategoryPrivacyFields
        category={value.category}
        onCategoryChange={(category) => onChange({ category })}
        privacy={value.privacy}
        onPrivacyChange={(privacy) => onChange({ privacy })}
        disabled={disabled}
        placeholder={categoryPlaceholder}
        categoryInvalid={invalid(!value.category)}
      />

      <LocationPicker
        value={value.location}
        onChange={(location) => onChange({ location })}
        disabled={disabled}
      />

      <TagPeopleField
        value={value.taggedUsers}
        onChange={(taggedUsers) => onChange({ taggedUsers })}
        disabled={disabled}
      />
    </section>
  );
}
