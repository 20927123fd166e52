import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { UPDATE_TEXT } from '../lib/text';
import { UpdatePrompt } from './UpdatePrompt';

const updateServiceWorker = vi.fn(() => Promise.resolve());

// The service worker's registration hook, as vite-plugin-pwa's module gives it: a worker is
// waiting (needRefresh true) until dismissed.
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => {
    const needRefresh = useState(true);
    const offlineReady = useState(false);
    return { needRefresh, offlineReady, updateServiceWorker };
  },
}));

describe('UpdatePrompt', () => {
  it('offers "Reload to update" when a new version waits, and hands over to it', async () => {
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    // The offer's code loads once the page has loaded and the browser is idle.
    await user.click(await screen.findByRole('button', { name: UPDATE_TEXT.reload }));
    expect(screen.getByRole('status')).toHaveTextContent(UPDATE_TEXT.available);
    expect(updateServiceWorker).toHaveBeenCalledWith(true);
  });

  it('can be put off', async () => {
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    await user.click(await screen.findByRole('button', { name: UPDATE_TEXT.dismiss }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
