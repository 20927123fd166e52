import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '../lib/cx';
import styles from './Button.module.css';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The button look, for elements that must stay links (navigation) but read as buttons. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: ButtonStyleOptions = {}) {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /** Shows a spinner, disables the button and sets aria-busy; the label stays for screen readers. */
  isLoading?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  isLoading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={cx(buttonClassName({ variant, size, fullWidth }), className)}
    >
      {isLoading && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, ButtonStyleOptions {}

/** A router link that looks like a Button (e.g. the navbar's "Log In"). */
export function ButtonLink({ variant, size, fullWidth, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={cx(buttonClassName({ variant, size, fullWidth }), className)} />;
}
