/* global window, document */
/*
 * Runs before the first paint (a plain synchronous script in <head>, served as a file so a strict
 * Content-Security-Policy needs no 'unsafe-inline'): applies the stored colour theme so a dark
 * page never flashes white. The choice is kept by src/lib/theme.ts; keep the key and the values
 * in step with it (src/lib/theme.test.ts runs this file and checks that they agree).
 *
 * It also marks <html data-session> when a session token is stored (src/lib/token-storage.ts,
 * same key; tested in token-storage.test.ts). The server renders every page as a visitor sees it
 * and the member's controls replace the visitor's after hydration: with the mark, CSS reserves
 * the member's room from the first paint, so that swap moves nothing. The HTML stays the same
 * for everyone (React hydrates #root, not <html>).
 */
(function () {
  var choice = 'system';
  try {
    var stored = window.localStorage.getItem('glimpse-theme');
    if (stored === 'light' || stored === 'dark') choice = stored;
  } catch {
    // Storage blocked (privacy mode): follow the system.
  }
  var dark =
    choice === 'dark' ||
    (choice === 'system' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
  try {
    if (window.localStorage.getItem('token')) document.documentElement.setAttribute('data-session', '');
  } catch {
    // Storage blocked: no stored session either.
  }
})();
