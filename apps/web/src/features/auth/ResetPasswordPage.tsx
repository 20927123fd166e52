import { ACCOUNT_MSG, MSG, validatePassword } from '@glimpse/shared';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError, isNetworkError } from '../../api/http';
import { useConfirmPasswordResetMutation } from '../../api/queries/security';
import { Button, ButtonLink } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { COMMON_TEXT, RESET_TEXT as TEXT } from '../../lib/text';
import styles from './AuthForm.module.css';
import { AuthLayout } from './AuthLayout';

interface Values {
  password: string;
  confirm: string;
}

function confirmErrorOf(error: unknown): string {
  if (isNetworkError(error)) return MSG.networkError;
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return TEXT.failed;
}

/** /reset-password?token=…: the link from the reset mail (or the administrator) sets a new password once. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useConfirmPasswordResetMutation();
  const [values, setValues] = useState<Values>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = validatePassword(values.password, { checkLength: true }) ?? undefined;
    const confirm = values.confirm !== values.password ? MSG.passwordsDoNotMatch : undefined;
    setErrors({ password, confirm });
    if (password) return passwordRef.current?.focus();
    if (confirm) return confirmRef.current?.focus();
    reset.mutate({ token, password: values.password });
  };

  if (!token) {
    return (
      <AuthLayout title={TEXT.resetTitle}>
        <div className={styles.prose}>
          <p className={styles.formError} role="alert">
            {ACCOUNT_MSG.resetInvalid}
          </p>
          <ButtonLink to="/forgot-password" size="lg" fullWidth>
            {TEXT.requestAnother}
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title={TEXT.doneTitle}>
        <div className={styles.prose} role="status">
          <p>{reset.data.message}</p>
          <ButtonLink to="/login" size="lg" fullWidth>
            {TEXT.logIn}
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  const onChange = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <AuthLayout title={TEXT.resetTitle} subtitle={TEXT.resetSubtitle}>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        {reset.isError && (
          <div className={styles.formError} role="alert">
            <p>{confirmErrorOf(reset.error)}</p>
            {isApiError(reset.error) && reset.error.status === 400 && (
              <p>
                <Link to="/forgot-password">{TEXT.requestAnother}</Link>
              </p>
            )}
          </div>
        )}
        <TextField
          ref={passwordRef}
          label={TEXT.newPassword}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={COMMON_TEXT.passwordHint}
          value={values.password}
          onChange={onChange('password')}
          error={errors.password}
        />
        <TextField
          ref={confirmRef}
          label={TEXT.confirmPassword}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={onChange('confirm')}
          error={errors.confirm}
        />
        <Button type="submit" size="lg" fullWidth isLoading={reset.isPending}>
          {reset.isPending ? TEXT.saving : TEXT.save}
        </Button>
      </form>
    </AuthLayout>
  );
}
