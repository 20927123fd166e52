import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useLoginMutation } from '../../api/queries/auth';
import { Button } from '../../components/Button';
import { SuccessModal } from '../../components/SuccessModal';
import { TextField } from '../../components/TextField';
import { getLoginErrorMessage } from './auth-errors';
import { validateLoginForm, type FieldErrors, type LoginValues } from './auth-validation';
import styles from './AuthForm.module.css';
import { AuthLayout } from './AuthLayout';
import { SocialLoginButtons } from './SocialLoginButtons';
import { useAuth } from '../../lib/useAuth';

/** How long "Welcome Back!" shows before it continues to /home by itself. */
export const WELCOME_CONTINUE_MS = 1500;

export function LoginPage() {
  const navigate = useNavigate();
  const { login, isAuthenticated } = useAuth();
  // Signed in on arrival: nothing to do here. (Signing in on this page keeps it, for the modal.)
  const [wasSignedIn] = useState(isAuthenticated);
  const loginMutation = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({});
  const [isWelcomeOpen, setIsWelcomeOpen] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target.name as keyof LoginValues;
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateLoginForm(values);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    loginMutation.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: ({ token, user }) => {
          login(token, user);
          setIsWelcomeOpen(true);
        },
      },
    );
  };

  const goHome = () => {
    setIsWelcomeOpen(false);
    void navigate('/home', { replace: true });
  };

  if (wasSignedIn) return <Navigate to="/home" replace />;

  return (
    <AuthLayout
      title="Log in to Glimpse"
      subtitle="Welcome back! Sign in to see what your friends are sharing."
    >
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        {loginMutation.isError && (
          <p className={styles.formError} role="alert">
            {getLoginErrorMessage(loginMutation.error)}
          </p>
        )}
        <TextField
          ref={emailRef}
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
          ref={passwordRef}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={onChange}
          error={errors.password}
        />
        <div className={styles.row}>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" size="lg" fullWidth isLoading={loginMutation.isPending}>
          {loginMutation.isPending ? 'Logging in...' : 'Log In'}
        </Button>
      </form>

      <p className={styles.divider}>or</p>
      <SocialLoginButtons />

      <p className={styles.footer}>
        Don&apos;t have an account? <Link to="/register">Sign up</Link>
      </p>

      <SuccessModal
        open={isWelcomeOpen}
        title="Welcome Back!"
        message="You have logged in successfully."
        actionLabel="Continue to Home"
        onAction={goHome}
        autoContinueMs={WELCOME_CONTINUE_MS}
        autoContinueText="Taking you to Home..."
      />
    </AuthLayout>
  );
}
