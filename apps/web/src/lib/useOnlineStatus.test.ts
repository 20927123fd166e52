import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './useOnlineStatus';

describe('loadWhenOnline', () => {
  afterEach(() => vi.restoreAllMocks());

  const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('loads at once when online', async () => {
    setOnline(true);
    await expect(loadWhenOnline(() => Promise.resolve('code'))).resolves.toBe('code');
  });

  it('waits for the network when offline, then loads', async () => {
    setOnline(false);
    const load = vi.fn(() => Promise.resolve('code'));
    const result = loadWhenOnline(load);
    await settled();
    expect(load).not.toHaveBeenCalled();
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await expect(result).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never rejects: a failed load is tried again when the network comes back', async () => {
    setOnline(true);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('code');
    let outcome: unknown = 'pending';
    void loadWhenOnline(load).then(
      (value) => (outcome = value),
      () => (outcome = 'rejected'),
    );
    await settled();
    expect(load).toHaveBeenCalledTimes(1);
    expect(outcome).toBe('pending');
    window.dispatchEvent(new Event('online'));
    await settled();
    expect(load).toHaveBeenCalledTimes(2);
    expect(outcome).toBe('code');
  });
});
