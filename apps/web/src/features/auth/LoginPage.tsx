import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { destinationAfterSignIn } from './after-sign-in';
import { isApiError } from '../../api/http';
import { useLoginMutation } from '../../api/queries/auth';
import { Button } from '../../components/Button';
import { SuccessModal } from '../../components/SuccessModal';
import { TextField } from '../../components/TextField';
import { getLoginErrorMessage } from './auth-errors';
import { validateLoginForm, type FieldErrors, type LoginValues } from './auth-validation';
import styles from './AuthForm.module.css';
import { AuthLayout } from './AuthLayout';
import { SocialLoginButtons } from './SocialLoginButtons';
import { AFTER_SIGN_IN_TEXT, TWO_FACTOR_LOGIN_TEXT as CODE_TEXT } from '../../lib/text';
import { useAuth } from '../../lib/useAuth';

/** How long "Welcome Back!" shows before it continues to /home by itself. */
export const WELCOME_CONTINUE_MS = 1500;

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const fromState = (location.state as { from?: unknown } | null)?.from;
  // Where the member was when sign-in was asked for (a like, a follow, a guarded page), else Home.
  const [destination] = useState(() => destinationAfterSignIn(fromState));
  const isGoingHome = destination === '/home';
  const { login, isAuthenticated } = useAuth();
  // Signed in on arrival: nothing to do here. (Signing in on this page keeps it, for the modal.)
  const [wasSignedIn] = useState(isAuthenticated);
  const loginMutation = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({});
  const [isWelcomeOpen, setIsWelcomeOpen] = useState(false);
  // Two-factor sign-in: the password was right and the server asks for a code next.
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [code, setCode] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const signIn = (input: { email: string; password: string; code?: string }) =>
    loginMutation.mutate(input, {
      onSuccess: ({ token, user }) => {
        login(token, user);
        setIsWelcomeOpen(true);
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'TWO_FACTOR_REQUIRED') {
          setStep('code');
          loginMutation.reset();
          // Focus once the code field is there (next paint).
          window.setTimeout(() => codeRef.current?.focus(), 0);
        }
      },
    });

  const onSubmitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) return codeRef.current?.focus();
    signIn({ email: values.email.trim(), password: values.password, code: code.trim() });
  };

  const backToPassword = () => {
    setStep('password');
    setCode('');
    setValues((v) => ({ ...v, password: '' }));
    loginMutation.reset();
  };

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
    signIn({ email: values.email.trim(), password: values.password });
  };

  const goHome = () => {
    setIsWelcomeOpen(false);
    void navigate(destination, { replace: true });
  };

  if (wasSignedIn) return <Navigate to="/home" replace />;

  const welcome = (
    <SuccessModal
      open={isWelcomeOpen}
      title="Welcome Back!"
      message="You have logged in successfully."
      actionLabel={isGoingHome ? 'Continue to Home' : AFTER_SIGN_IN_TEXT.continueBack}
      onAction={goHome}
      autoContinueMs={WELCOME_CONTINUE_MS}
      autoContinueText={isGoingHome ? 'Taking you to Home...' : AFTER_SIGN_IN_TEXT.takingYouBack}
    />
  );

  if (step === 'code') {
    return (
      <AuthLayout title={CODE_TEXT.title} subtitle={CODE_TEXT.subtitle}>
        <form className={styles.form} noValidate onSubmit={onSubmitCode}>
          {loginMutation.isError && (
            <p className={styles.formError} role="alert">
              {getLoginErrorMessage(loginMutation.error)}
            </p>
          )}
          <TextField
            ref={codeRef}
            className={styles.codeInput}
            label={CODE_TEXT.code}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            hint={CODE_TEXT.codeHint}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" size="lg" fullWidth isLoading={loginMutation.isPending}>
            {loginMutation.isPending ? CODE_TEXT.verifying : CODE_TEXT.verify}
          </Button>
          <div className={styles.row}>
            <button type="button" className={styles.linkButton} onClick={backToPassword}>
              {CODE_TEXT.back}
            </button>
          </div>
        </form>
        {welcome}
      </AuthLayout>
    );
  }

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
        Don&apos;t have an account?{' '}
        <Link to="/register" state={location.state}>
          Sign up
        </Link>
      </p>

      {welcome}
    </AuthLayout>
  );
}
