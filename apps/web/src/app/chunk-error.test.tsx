import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';

// The home chunk cannot be fetched (a deploy removed it, or the network dropped).
vi.mock('../features/feed/HomePage', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a page chunk that fails to load', () => {
  it('shows "Loading chunk home failed" and a Reload button while the navbar stays', async () => {
    renderApp('/home');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading chunk home failed');
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(alert);
  });
});
