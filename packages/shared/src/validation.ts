import {
  MAINSTREAM_EMAIL_PROVIDERS,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants.js';
import { MSG } from './messages.js';

/**
 * Field rules of SPEC §5, as pure functions that return the exact message or null.
 * The web forms and the server's zod schemas both call these, so the texts cannot drift.
 */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
const PHONE_PATTERN = /^\+?[0-9\s\-()]+$/;

/** The mail domain's provider part: "user@vip.163.com" -> "vip.163". */
function providerOf(email: string): string {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const dot = domain.lastIndexOf('.');
  return dot > 0 ? domain.slice(0, dot) : domain;
}

/**
 * True when the address is at a mainstream provider, or at `ownHost` (the spec's `{host}`: the
 * deployment's own domain, e.g. "glimpse.example" or "localhost").
 */
export function isMainstreamEmail(email: string, ownHost?: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (ownHost && (domain === ownHost.toLowerCase() || providerOf(email) === ownHost.toLowerCase()))
    return true;
  return (MAINSTREAM_EMAIL_PROVIDERS as readonly string[]).includes(providerOf(email));
}

export function validateEmail(
  email: string,
  opts: { context: 'login' | 'register'; ownHost?: string },
): string | null {
  const value = email.trim();
  if (!value) return MSG.emailRequired;
  if (!EMAIL_PATTERN.test(value)) return MSG.emailInvalid;
  if (!isMainstreamEmail(value, opts.ownHost)) {
    return opts.context === 'login' ? MSG.emailProviderLogin : MSG.emailProviderRegister;
  }
  return null;
}

export function validateRegisterUsername(username: string): string | null {
  const value = username.trim();
  if (!value) return MSG.usernameRequired;
  if (value.length < USERNAME_MIN_LENGTH) return MSG.usernameTooShort;
  return null;
}

/** Settings adds the character rule to the register rules. */
export function validateSettingsUsername(username: string): string | null {
  const base = validateRegisterUsername(username);
  if (base) return base;
  return USERNAME_PATTERN.test(username.trim()) ? null : MSG.usernameChars;
}

export function validatePassword(password: string, opts: { checkLength: boolean }): string | null {
  if (!password) return MSG.passwordRequired;
  if (opts.checkLength && password.length < PASSWORD_MIN_LENGTH) return MSG.passwordTooShort;
  return null;
}

export function isValidSettingsEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function isValidWebsite(url: string): boolean {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

export function isValidPhone(phone: string): boolean {
  const value = phone.trim();
  return value.length >= PHONE_MIN_LENGTH && value.length <= PHONE_MAX_LENGTH && PHONE_PATTERN.test(value);
}

/** Splits "a, b,,c " into ["a", "b", "c"] (SPEC §5 tags). */
export function splitTags(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

const ID_PATTERN = /^[0-9a-f]{24}$/;
export function isValidId(id: unknown): id is string {
  return typeof id === 'string' && ID_PATTERN.test(id);
}
