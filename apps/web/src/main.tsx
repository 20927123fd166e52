// First, before any module builds a zod schema: the server's CSP allows no eval, and zod must not
// even probe for it (a reported violation).
import '@glimpse/shared/strict-csp-init';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadFirstRoute, readHandedOverState } from './app/App';
import { setHydrating } from './lib/hydration';
import { startReloadAtTop } from './lib/scroll-memory';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// theme-init.js painted the first frame with the stored choice; from here the app keeps the theme
// right (the system switching, another tab). Only a change needs it: not in the first load.
void import('./lib/theme').then(({ watchTheme }) => watchTheme());
startReloadAtTop();

// A page the server rendered (modules/pages on the server, entry-server.tsx) comes with the
// queries it was made from: hydrate it with the same data and the same page code, so React
// adopts the HTML instead of painting it again. Any other page is rendered here.
const handedOver = readHandedOverState();
if (handedOver) {
  setHydrating(true);
  void loadFirstRoute().then(() =>
    hydrateRoot(
      container,
      <StrictMode>
        <App handedOver={handedOver} />
      </StrictMode>,
    ),
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
