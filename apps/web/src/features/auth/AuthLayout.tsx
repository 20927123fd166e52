import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './AuthForm.module.css';

export interface AuthLayoutProps {
  /** The page's h1 (and tab title). */
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The card the login, sign-up and password pages share; a brand panel beside it on wide screens. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.layout}>
      <div className={styles.brandPanel} aria-hidden="true">
        <p className={styles.brandName}>Glimpse</p>
        <p className={styles.brandTagline}>
          Share the moments you love. Discover the places and people behind them.
        </p>
      </div>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}
