import { Link } from 'react-router';
import { ButtonLink } from '../../components/Button';
import styles from './AuthForm.module.css';
import { AuthLayout } from './AuthLayout';

/**
 * Password reset by email needs a mail service, which a self-hosted server may not have; until
 * one exists this page explains the way that always works.
 */
export function ForgotPasswordPage() {
  return (
    <AuthLayout title="Forgot your password?" subtitle="We can help you get back into your account.">
      <div className={styles.prose}>
        <p>
          Resetting a password by email is not available on this Glimpse server yet. Please contact the
          administrator of this server, who can help you regain access to your account.
        </p>
        <p>
          If you still know your password and want to change it, log in and open Settings, then Account, to
          set a new one.
        </p>
        <ButtonLink to="/login" size="lg" fullWidth>
          Back to Log In
        </ButtonLink>
      </div>
      <p className={styles.footer}>
        New to Glimpse? <Link to="/register">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
