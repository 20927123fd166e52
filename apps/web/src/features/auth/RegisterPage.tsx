import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FollowSuggestions } from '../feed/FollowSuggestions';
import { destinationAfterSignIn } from './after-sign-in';
import { useRegisterMutation } from '../../api/queries/auth';
import { Button } from '../../components/Button';
import { SuccessModal } from '../../components/SuccessModal';
import { TextField } from '../../components/TextField';
import { getRegisterErrorMessage } from './auth-errors';
import { validateRegisterForm, type FieldErrors, type RegisterValues } from './auth-validation';
import styles from './AuthForm.module.css';
import { AuthLayout } from './AuthLayout';
import { useAuth } from '../../lib/useAuth';
import { AFTER_SIGN_IN_TEXT, COMMON_TEXT } from '../../lib/text';

const FIELD_ORDER: Array<keyof RegisterValues> = ['email', 'username', 'password'];

export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Where the visitor was when an action asked them to sign in (after-sign-in.ts), else Home.
  const [destination] = useState(() =>
    destinationAfterSignIn((location.state as { from?: unknown } | null)?.from),
  );
  const { login, isAuthenticated } = useAuth();
  // Signed in on arrival: nothing to do here. (Signing up signs in too, which keeps the modal.)
  const [wasSignedIn] = useState(isAuthenticated);
  const registerMutation = useRegisterMutation();
  const [values, setValues] = useState<RegisterValues>({ email: '', username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<RegisterValues>>({});
  const [isCreatedOpen, setIsCreatedOpen] = useState(false);
  const [step, setStep] = useState<'form' | 'people'>('form');
  const fieldRefs = {
    email: useRef<HTMLInputElement>(null),
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target.name as keyof RegisterValues;
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRegisterForm(values);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) return fieldRefs[firstInvalid].current?.focus();
    registerMutation.mutate(
      { email: values.email.trim(), username: values.username.trim(), password: values.password },
      {
        onSuccess: ({ token, user }) => {
          // SPEC §4: registering also signs in (user and token stored), then the modal leads to /login.
          login(token, user);
          setIsCreatedOpen(true);
        },
      },
    );
  };

  // Signing up signs in (SPEC §4), so the modal's button says what comes next: people to follow
  // (a short, skippable step), then the feed or wherever the visitor was.
  const goToPeople = () => {
    setIsCreatedOpen(false);
    setStep('people');
  };
  const finish = () => void navigate(destination, { replace: true });

  if (wasSignedIn) return <Navigate to="/home" replace />;

  if (step === 'people') {
    return (
      <AuthLayout title={AFTER_SIGN_IN_TEXT.welcome} subtitle={AFTER_SIGN_IN_TEXT.accountReady}>
        <FollowSuggestions
          title={AFTER_SIGN_IN_TEXT.findPeople}
          message={AFTER_SIGN_IN_TEXT.findPeopleMessage}
          footer={
            <div className={styles.stepActions}>
              <Button variant="ghost" onClick={finish}>
                {AFTER_SIGN_IN_TEXT.skip}
              </Button>
              <Button onClick={finish}>{AFTER_SIGN_IN_TEXT.done}</Button>
            </div>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Create your account" subtitle="Join Glimpse to share photos and discover new places.">
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        {registerMutation.isError && (
          <p className={styles.formError} role="alert">
            {getRegisterErrorMessage(registerMutation.error)}
          </p>
        )}
        <TextField
          ref={fieldRefs.email}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={onChange}
          error={errors.email}
        />
        <TextField
          ref={fieldRefs.username}
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={onChange}
          error={errors.username}
        />
        <TextField
          ref={fieldRefs.password}
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={COMMON_TEXT.passwordHint}
          value={values.password}
          onChange={onChange}
          error={errors.password}
        />
        <Button type="submit" size="lg" fullWidth isLoading={registerMutation.isPending}>
          {registerMutation.isPending ? 'Creating account...' : 'Sign Up'}
        </Button>
        <p className={styles.legal}>
          By signing up you agree to our <Link to="/terms">Terms</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </form>

      <p className={styles.footer}>
        Already have an account?{' '}
        <Link to="/login" state={location.state}>
          Log in
        </Link>
      </p>

      <SuccessModal
        open={isCreatedOpen}
        title="Account Created!"
        message="Your Glimpse account is ready."
        actionLabel={AFTER_SIGN_IN_TEXT.findPeople}
        onAction={goToPeople}
      />
    </AuthLayout>
  );
}
