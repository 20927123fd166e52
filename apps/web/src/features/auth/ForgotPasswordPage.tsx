import { isValidSettingsEmail, MSG } from '@glimpse/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError, isNetworkError } from '../../api/http';
import { usePublicConfigQuery, useRequestPasswordResetMutation } from '../../api/queries/security';
import { Button, ButtonLink } from '../../components/Button';
import { LoadingState } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { RESET_TEXT as TEXT } from '../../lib/text';
import styles from './AuthForm.module.css';
import { AuthLayout } from './AuthLayout';

/** What a failed request shows: the server's own words for limits and a missing mail service. */
function requestErrorOf(error: unknown): string {
  if (isNetworkError(error)) return MSG.networkError;
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return MSG.unexpectedError;
}

/**
 * /forgot-password: asks for the account's email and has the server mail a one-time link. A server
 * without SMTP says so (GET /api/config), and points to the administrator, who can print a link.
 */
export function ForgotPasswordPage() {
  const config = usePublicConfigQuery();
  const request = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    // Any address an account may have (Settings accepts more than sign-up's providers).
    const found = !value ? MSG.emailRequired : isValidSettingsEmail(value) ? null : MSG.validEmail;
    setError(found);
    if (found) return emailRef.current?.focus();
    request.mutate({ email: email.trim() });
  };

  let body;
  if (config.isPending) body = <LoadingState message={TEXT.loadingConfig} />;
  else if (config.data?.passwordResetByEmail === false) {
    body = (
      <div className={styles.prose}>
        <p>{TEXT.noMail}</p>
        <p>{TEXT.stillKnow}</p>
        <ButtonLink to="/login" size="lg" fullWidth>
          {TEXT.backToLogin}
        </ButtonLink>
      </div>
    );
  } else if (request.isSuccess) {
    body = (
      <div className={styles.prose} role="status">
        <h2 className={styles.sectionHeading}>{TEXT.sentTitle}</h2>
        <p>{TEXT.sent(email.trim())}</p>
        <ButtonLink to="/login" size="lg" fullWidth>
          {TEXT.backToLogin}
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <p className={styles.intro}>{TEXT.forgotIntro}</p>
        {request.isError && (
          <p className={styles.formError} role="alert">
            {requestErrorOf(request.error)}
          </p>
        )}
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" size="lg" fullWidth isLoading={request.isPending}>
          {request.isPending ? TEXT.sending : TEXT.send}
        </Button>
        <div className={styles.row}>
          <Link to="/login">{TEXT.backToLogin}</Link>
        </div>
      </form>
    );
  }

  return (
    <AuthLayout title={TEXT.forgotTitle} subtitle={TEXT.forgotSubtitle}>
      {body}
      <p className={styles.footer}>
        {TEXT.newAccount} <Link to="/register">{TEXT.createAccount}</Link>
      </p>
    </AuthLayout>
  );
}
