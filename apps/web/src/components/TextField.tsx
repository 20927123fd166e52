import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from '../lib/cx';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's error; tied to the input with aria-describedby and aria-invalid. */
  error?: string | null;
  /** Help text shown under the field while there is no error. */
  hint?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its error message. */
export function TextField({ label, error, hint, id, className, ref, ...inputProps }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const messageId = `${inputId}-message`;
  const message = error || hint;

  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        {...inputProps}
        ref={ref}
        id={inputId}
        className={cx(styles.input, error && styles.invalid)}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
      />
      {message && (
        <p id={messageId} className={error ? styles.error : styles.hint}>
          {message}
        </p>
      )}
    </div>
  );
}
