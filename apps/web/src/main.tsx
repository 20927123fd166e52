// First, before any module builds a zod schema: the server's CSP allows no eval, and zod must not
// even probe for it (a reported violation).
import '@glimpse/shared/strict-csp-init';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { watchTheme } from './lib/theme';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// theme-init.js painted the first frame; from here the app keeps the theme right.
watchTheme();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
