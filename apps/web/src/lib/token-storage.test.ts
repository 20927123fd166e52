import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearStoredToken, SESSION_MARK, TOKEN_STORAGE_KEY, writeStoredToken } from './token-storage';

const INIT_SCRIPT = fs.readFileSync(path.resolve(__dirname, '../../public/theme-init.js'), 'utf8');
const html = document.documentElement;

function runInitScript(): boolean {
  html.removeAttribute(SESSION_MARK);
  new Function(INIT_SCRIPT)();
  return html.hasAttribute(SESSION_MARK);
}

afterEach(() => {
  window.localStorage.clear();
  html.removeAttribute(SESSION_MARK);
});

describe('<html data-session> (CSS reserves the member controls before hydration)', () => {
  it('theme-init.js marks the page when a token is stored under the key this module uses', () => {
    expect(runInitScript()).toBe(false);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'a.b.c');
    expect(runInitScript()).toBe(true);
  });

  it('follows the session as it is stored and cleared', () => {
    writeStoredToken('a.b.c');
    expect(html.hasAttribute(SESSION_MARK)).toBe(true);
    clearStoredToken();
    expect(html.hasAttribute(SESSION_MARK)).toBe(false);
  });
});
