import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureStrictCspValidation } from '@glimpse/shared';
import { App } from './app/App';
import { watchTheme } from './lib/theme';
import './styles/global.css';

// The server's CSP allows no eval: zod must not even probe for it (a reported violation).
configureStrictCspValidation();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// theme-init.js painted the first frame; from here the app keeps the theme right.
watchTheme();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
