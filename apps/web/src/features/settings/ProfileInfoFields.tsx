import { BIO_MAX_LENGTH } from '@glimpse/shared';
import { useId, type ChangeEvent } from 'react';
import { TextField } from '../../components/TextField';
import { cx } from '../../lib/cx';
import type { ProfileValues, SettingsErrors } from './settings-form';
import styles from './SettingsPage.module.css';

export interface ProfileInfoFieldsProps {
  values: ProfileValues;
  errors: SettingsErrors;
  onChange: (field: keyof ProfileValues, value: string) => void;
  disabled?: boolean;
}

type TextKey = Exclude<keyof ProfileValues, 'bio'>;

const FIELDS: ReadonlyArray<{
  key: TextKey;
  label: string;
  type?: string;
  autoComplete: string;
  placeholder?: string;
  wide?: boolean;
}> = [
  { key: 'username', label: 'Username', autoComplete: 'username' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { key: 'displayName', label: 'Display Name', autoComplete: 'nickname', wide: true },
  { key: 'location', label: 'Location', autoComplete: 'address-level2', placeholder: 'City, Country' },
  { key: 'website', label: 'Website', type: 'url', autoComplete: 'url', placeholder: 'https://example.com' },
  {
    key: 'phoneNumber',
    label: 'Phone Number',
    type: 'tel',
    autoComplete: 'tel',
    placeholder: '+1 (555) 123-4567',
  },
];

export function ProfileInfoFields({ values, errors, onChange, disabled = false }: ProfileInfoFieldsProps) {
  const bioId = useId();
  const bioMessageId = `${bioId}-message`;
  const bioCounterId = `${bioId}-counter`;
  const bioLength = values.bio.length;

  const onInput = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange(event.target.name as keyof ProfileValues, event.target.value);

  const textField = (field: (typeof FIELDS)[number]) => (
    <TextField
      key={field.key}
      className={cx(field.wide && styles.wide)}
      label={field.label}
      name={field.key}
      type={field.type ?? 'text'}
      autoComplete={field.autoComplete}
      placeholder={field.placeholder}
      value={values[field.key]}
      error={errors[field.key]}
      onChange={onInput}
      disabled={disabled}
    />
  );

  return (
    <div className={styles.fieldGrid}>
      {FIELDS.slice(0, 5).map(textField)}
      <div className={cx(styles.textareaField, styles.wide)}>
        <label htmlFor={bioId} className={styles.label}>
          Bio
        </label>
        <textarea
          id={bioId}
          name="bio"
          rows={4}
          maxLength={BIO_MAX_LENGTH}
          className={cx(styles.textarea, errors.bio && styles.invalid)}
          value={values.bio}
          onChange={onInput}
          disabled={disabled}
          placeholder="Tell people a little about yourself"
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={errors.bio ? `${bioMessageId} ${bioCounterId}` : bioCounterId}
        />
        <div className={styles.textareaFooter}>
          {errors.bio ? (
            <p id={bioMessageId} className={styles.fieldError}>
              {errors.bio}
            </p>
          ) : (
            <span />
          )}
          <p
            id={bioCounterId}
            className={styles.counter}
            aria-label={`${bioLength} of ${BIO_MAX_LENGTH} characters used`}
          >
            {bioLength}/{BIO_MAX_LENGTH}
          </p>
        </div>
      </div>
      {FIELDS.slice(5).map(textField)}
    </div>
  );
}
