import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readThemeChoice, resolveTheme, setThemeChoice, THEME_STORAGE_KEY, watchTheme } from './theme';

const INIT_SCRIPT = fs.readFileSync(path.resolve(__dirname, '../../public/theme-init.js'), 'utf8');

/** A matchMedia whose dark preference can be flipped, with working change listeners. */
function stubSystemTheme(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return prefersDark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    set(next: boolean) {
      prefersDark = next;
      listeners.forEach((listener) => listener());
    },
  };
}

function runInitScript() {
  delete document.documentElement.dataset.theme;
  new Function(INIT_SCRIPT)();
  return document.documentElement.dataset.theme;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe('theme-init.js (first paint) and lib/theme agree', () => {
  it.each([
    [null, false, 'light'],
    [null, true, 'dark'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['system', true, 'dark'],
    ['nonsense', false, 'light'],
  ])('stored %s, system dark %s → %s', (stored, prefersDark, expected) => {
    stubSystemTheme(prefersDark);
    if (stored !== null) window.localStorage.setItem(THEME_STORAGE_KEY, stored);
    expect(runInitScript()).toBe(expected);
    expect(resolveTheme(readThemeChoice(), prefersDark)).toBe(expected);
  });
});

describe('setThemeChoice / watchTheme', () => {
  it('stores an explicit choice, clears it for system, and applies each at once', () => {
    stubSystemTheme(false);
    setThemeChoice('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    setThemeChoice('system');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows the system while the choice is System, and not after an explicit choice', () => {
    const system = stubSystemTheme(false);
    setThemeChoice('system');
    const stop = watchTheme();
    system.set(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    setThemeChoice('light');
    system.set(true);
    expect(document.documentElement.dataset.theme).toBe('light');
    stop();
  });
});
