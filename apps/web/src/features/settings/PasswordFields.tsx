import type { ChangeEvent } from 'react';
import { TextField } from '../../components/TextField';
import type { PasswordValues, SettingsErrors } from './settings-form';
import styles from './SettingsPage.module.css';
import { COMMON_TEXT } from '../../lib/text';

export interface PasswordFieldsProps {
  values: PasswordValues;
  errors: SettingsErrors;
  onChange: (field: keyof PasswordValues, value: string) => void;
  disabled?: boolean;
}

/** Left empty, nothing changes; once any of the three is filled, all rules of SPEC §5 apply. */
export function PasswordFields({ values, errors, onChange, disabled = false }: PasswordFieldsProps) {
  const onInput = (event: ChangeEvent<HTMLInputElement>) =>
    onChange(event.target.name as keyof PasswordValues, event.target.value);

  return (
    <div className={styles.fieldGrid}>
      <TextField
        className={styles.wide}
        label="Current Password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={onInput}
        disabled={disabled}
      />
      <TextField
        label="New Password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        error={errors.newPassword}
        hint={COMMON_TEXT.passwordHint}
        onChange={onInput}
        disabled={disabled}
      />
      <TextField
        label="Confirm New Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={onInput}
        disabled={disabled}
      />
    </div>
  );
}
