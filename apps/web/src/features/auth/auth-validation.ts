import { validateEmail, validatePassword, validateRegisterUsername } from '@glimpse/shared';

/** Client rules of SPEC §5 for the two auth forms; each returns only the fields that fail. */

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues {
  email: string;
  username: string;
  password: string;
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** The spec's `{host}` provider: the domain this app is served from. */
function ownHost(): string {
  return window.location.hostname;
}

export function validateLoginForm(values: LoginValues): FieldErrors<LoginValues> {
  const errors: FieldErrors<LoginValues> = {};
  const email = validateEmail(values.email, { context: 'login', ownHost: ownHost() });
  if (email) errors.email = email;
  const password = validatePassword(values.password, { checkLength: false });
  if (password) errors.password = password;
  return errors;
}

export function validateRegisterForm(values: RegisterValues): FieldErrors<RegisterValues> {
  const errors: FieldErrors<RegisterValues> = {};
  const email = validateEmail(values.email, { context: 'register', ownHost: ownHost() });
  if (email) errors.email = email;
  const username = validateRegisterUsername(values.username);
  if (username) errors.username = username;
  const password = validatePassword(values.password, { checkLength: true });
  if (password) errors.password = password;
  return errors;
}
