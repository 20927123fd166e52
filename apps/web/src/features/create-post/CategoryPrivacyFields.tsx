import { CATEGORIES, PRIVACY_VALUES, type Privacy } from '@glimpse/shared';
import { useId } from 'react';
import { PRIVACY_LABELS } from '../../lib/text';
import styles from './CreatePostPage.module.css';

/** The privacy choices in the order the form lists them (most open first). */
const PRIVACY_ORDER: readonly Privacy[] = ['public', 'followers', 'friends', 'private'];

export interface CategoryPrivacyFieldsProps {
  category: string;
  onCategoryChange(category: string): void;
  privacy: Privacy;
  onPrivacyChange(privacy: Privacy): void;
  disabled: boolean;
  /** A new post starts with no category chosen: the list then offers "Select a category". */
  placeholder?: string;
  /** The category was asked for and is still missing. */
  categoryInvalid?: boolean;
}

/** The post form's Category and Privacy selects, side by side (create and edit). */
export function CategoryPrivacyFields({
  category,
  onCategoryChange,
  privacy,
  onPrivacyChange,
  disabled,
  placeholder,
  categoryInvalid,
}: CategoryPrivacyFieldsProps) {
  const ids = { category: useId(), privacy: useId() };
  return (
    <div className={styles.selects}>
      <div className={styles.field}>
        <label htmlFor={ids.category} className={styles.label}>
          Category
        </label>
        <select
          id={ids.category}
          className={styles.select}
          value={category}
          onChange={(event) => onCategoryChange(event.target.value)}
          disabled={disabled}
          required
          aria-invalid={categoryInvalid ? true : undefined}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.privacy} className={styles.label}>
          Privacy
        </label>
        <select
          id={ids.privacy}
          className={styles.select}
          value={privacy}
          onChange={(event) => onPrivacyChange(event.target.value as Privacy)}
          disabled={disabled}
        >
          {PRIVACY_ORDER.filter((p) => PRIVACY_VALUES.includes(p)).map((p) => (
            <option key={p} value={p}>
              {PRIVACY_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
