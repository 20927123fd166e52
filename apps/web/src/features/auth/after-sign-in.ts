/**
 * "Sign-in returns you": a visitor's action that needs an account (like, save, follow, comment, share,
 * message, create) remembers where it happened and what it was, the sign-in (or sign-up) page goes
 * back there, and the action is then done once (PendingActionRunner). Kept in sessionStorage: it
 * survives the trip through /login and /register in this tab, and no other tab or later visit
 * inherits it.
 */
export type PendingAction =
  { kind: 'like'; postId: string } | { kind: 'save'; postId: string } | { kind: 'follow'; userId: string };

interface AfterSignIn {
  /** Path and query to come back to, e.g. "/home?post=abc". */
  returnTo: string;
  action: PendingAction | null;
  /** When it was asked (ms): a pending action left for too long is dropped, not done by surprise. */
  at: number;
}

const STORAGE_KEY = 'glimpse:after-sign-in';
/** How long a remembered action stays worth doing. */
export const PENDING_ACTION_TTL_MS = 30 * 60 * 1000;

/** Only a path of this app: never an absolute URL another site could put in a link. */
export function isSafeReturnPath(path: unknown): path is string {
  return (
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
  );
}

function read(): AfterSignIn | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as AfterSignIn;
    if (!isSafeReturnPath(value.returnTo) || Date.now() - value.at > PENDING_ACTION_TTL_MS) {
      sessionStorage.removeItem(STORAGE_KEY);
      return null;
    }
    return value;
  } catch {
    return null;
  }
}

function write(value: AfterSignIn | null): void {
  try {
    if (value) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, full): the member simply lands on Home as before.
  }
}

/** Remembers where to come back to (and what to do there) before sending a visitor to sign in. */
export function rememberAfterSignIn(returnTo: string, action: PendingAction | null = null): void {
  if (!isSafeReturnPath(returnTo)) return;
  write({ returnTo, action, at: Date.now() });
}

/**
 * Where sign-in or sign-up continues: the page that sent the visitor (`state.from`, set by
 * requireSignIn and RequireAuth), else Home. A visitor who opened /login by themselves goes Home
 * and any action remembered earlier is forgotten, never done by surprise later.
 */
export function destinationAfterSignIn(stateFrom: unknown): string {
  if (isSafeReturnPath(stateFrom)) return stateFrom;
  forgetAfterSignIn();
  return '/home';
}

/** The remembered action, if any, without taking it. */
export function peekPendingAction(): { returnTo: string; action: PendingAction } | null {
  const value = read();
  return value?.action ? { returnTo: value.returnTo, action: value.action } : null;
}

/** Takes the remembered action (and forgets the whole entry): whoever takes it does it, once. */
export function takePendingAction(): PendingAction | null {
  const value = read();
  write(null);
  return value?.action ?? null;
}

/** Forgets any remembered place and action (sign-out, or a sign-in that went elsewhere). */
export function forgetAfterSignIn(): void {
  write(null);
}
