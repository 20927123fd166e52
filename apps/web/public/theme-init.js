/* global window, document */
/*
 * Runs before the first paint (a plain synchronous script in <head>, served as a file so a strict
 * Content-Security-Policy needs no 'unsafe-inline'): applies the stored colour theme so a dark
 * page never flashes white. The choice is kept by src/lib/theme.ts; keep the key and the values
 * in step with it (src/lib/theme.test.ts runs this file and checks that they agree).
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
})();
