import { useSyncExternalStore } from 'react';

/**
 * The colour theme: what the member chose (Settings → Display) and what the page shows.
 * `<html data-theme="light|dark">` drives the design tokens (styles/tokens.css). The first paint
 * is set by public/theme-init.js, which reads the same key; this module keeps it right afterwards
 * (a new choice, the system switching between light and dark, another tab changing it).
 */

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = 'light' | 'dark';

/** localStorage key; public/theme-init.js reads the same one. */
export const THEME_STORAGE_KEY = 'glimpse-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(choice: ThemeChoice, prefersDark: boolean = systemPrefersDark()): ResolvedTheme {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}

const listeners = new Set<() => void>();
let current: ThemeChoice | null = null;

function applyTheme(choice: ThemeChoice): void {
  document.documentElement.dataset.theme = resolveTheme(choice);
}

function notify(): void {
  for (const listener of listeners) listener();
}

function getChoice(): ThemeChoice {
  current ??= readThemeChoice();
  return current;
}

/** Stores a choice ('system' clears the stored one) and applies it at once. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the choice still holds for this page.
  }
  current = choice;
  applyTheme(choice);
  notify();
}

/**
 * Keeps `data-theme` right for the life of the page: follows the system while the choice is
 * 'system', and a choice made in another tab. Call once at start; returns the clean-up.
 */
export function watchTheme(): () => void {
  applyTheme(getChoice());
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    if (getChoice() === 'system') applyTheme('system');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    current = readThemeChoice();
    applyTheme(current);
    notify();
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member's theme choice, and a setter that stores and applies it. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, getChoice, () => 'system' as const);
  return [choice, setThemeChoice];
}
