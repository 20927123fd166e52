import { formatRelativeTime, MSG, PASSWORD_MIN_LENGTH, type SelfUser } from '@glimpse/shared';
import { useId, useState, type FormEvent } from 'react';
import { errorReason, isApiError } from '../../api/http';
import {
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useSessionsQuery,
} from '../../api/queries/security';
import { useChangePasswordMutation } from '../../api/queries/users';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/useToast';
import { COMMON_TEXT, SECURITY_TEXT as TEXT } from '../../lib/text';
import own from './Security.module.css';
import styles from './SettingsPage.module.css';
import { TwoFactorSettings } from './TwoFactorSettings';

/** Settings → Security: where the member is signed in, two-factor sign-in, and the password. */
export function SecuritySettings({ user }: { user: SelfUser }) {
  return (
    <div className={own.stack}>
      <SessionsCard />
      <TwoFactorSettings enabled={user.security.twoFactorEnabled} />
      <PasswordCard />
    </div>
  );
}

function SessionsCard() {
  const sessions = useSessionsQuery();
  const endOne = useEndSessionMutation();
  const endOthers = useEndOtherSessionsMutation();
  const toast = useToast();
  const id = useId();
  const onError = (err: unknown) => toast.show(errorReason(err), { type: 'error' });

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {TEXT.sessionsTitle}
      </h3>
      <p className={styles.cardHint}>{TEXT.sessionsHint}</p>
      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <ErrorState message={TEXT.sessionsLoadFailed} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul role="list" className={own.list} aria-label={TEXT.sessionsTitle}>
            {sessions.data.sessions.map((session) => (
              <li key={session.id} className={own.row}>
                <div className={own.rowMain}>
                  <p className={own.rowTitle}>
                    {session.device}
                    {session.current && <span className={own.current}>{TEXT.thisDevice}</span>}
                  </p>
                  <p className={own.muted}>
                    {session.ipAddress} · {TEXT.signedIn(formatRelativeTime(session.createdAt))} ·{' '}
                    {TEXT.lastSeen(formatRelativeTime(session.lastSeenAt))}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={TEXT.signOutDevice(session.device)}
                    disabled={endOne.isPending && endOne.variables === session.id}
                    onClick={() => endOne.mutate(session.id, { onError })}
                  >
                    {TEXT.signOut}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {sessions.data.sessions.some((s) => !s.current) && (
            <div className={own.actions}>
              <Button
                variant="secondary"
                isLoading={endOthers.isPending}
                onClick={() =>
                  endOthers.mutate(undefined, {
                    onSuccess: ({ ended }) => toast.show(TEXT.othersEnded(ended)),
                    onError,
                  })
                }
              >
                {TEXT.signOutOthers}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The rules of SPEC §5 "Settings" for the three fields, one message per field. */
function validate(form: PasswordForm): Partial<Record<keyof PasswordForm, string>> {
  const errors: Partial<Record<keyof PasswordForm, string>> = {};
  if (!form.currentPassword) errors.currentPassword = MSG.currentPasswordRequired;
  if (!form.newPassword) errors.newPassword = MSG.newPasswordRequired;
  else if (form.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = MSG.newPasswordTooShort;
  if (form.newPassword && form.confirmPassword !== form.newPassword)
    errors.confirmPassword = MSG.passwordsDoNotMatch;
  return errors;
}

function PasswordCard() {
  const change = useChangePasswordMutation();
  const toast = useToast();
  const id = useId();
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordForm, string>>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: ({ message }) => {
          setForm(EMPTY);
          toast.show(message);
        },
        onError: (err) =>
          isApiError(err) && err.serverMessage === MSG.currentPasswordIncorrect
            ? setErrors({ currentPassword: err.serverMessage })
            : toast.show(errorReason(err), { type: 'error' }),
      },
    );
  };
  const field = (name: keyof PasswordForm, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      value={form[name]}
      error={errors[name]}
      onChange={(event) => {
        setForm((f) => ({ ...f, [name]: event.target.value }));
        setErrors((e) => ({ ...e, [name]: undefined }));
      }}
    />
  );

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {TEXT.passwordTitle}
      </h3>
      <p className={styles.cardHint}>{TEXT.passwordHint}</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        {field('currentPassword', TEXT.currentPassword, 'current-password')}
        {field('newPassword', TEXT.newPassword, 'new-password', COMMON_TEXT.passwordHint)}
        {field('confirmPassword', TEXT.confirmPassword, 'new-password')}
        <div>
          <Button type="submit" isLoading={change.isPending}>
            {change.isPending ? TEXT.changing : TEXT.changePassword}
          </Button>
        </div>
      </form>
    </section>
  );
}
