import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy*/waitFor give up after 1 s by default; lazy route chunks on a loaded 2-core CI machine can
// take longer than that to load, which made tests fail for time, not for behaviour.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  window.localStorage.clear();
  // jsdom has no scrolling; ScrollRestoration calls this on every navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
});
