import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_TEXT, CONNECT_REASON_TEXT, connectFailureReason } from './text';

afterEach(() => vi.unstubAllGlobals());

describe('connectFailureReason', () => {
  it.each(['websocket error', 'xhr poll error', 'xhr post error', 'transport error', 'transport close', ''])(
    'puts the transport\'s "%s" in plain words',
    (raw) => {
      expect(connectFailureReason(raw)).toBe(CONNECT_REASON_TEXT.unreachable);
    },
  );

  it('says a timeout is one', () => {
    expect(connectFailureReason('timeout')).toBe(CONNECT_REASON_TEXT.timeout);
  });

  it("says the browser is offline, whatever the transport's words", () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    expect(connectFailureReason('websocket error')).toBe(CONNECT_REASON_TEXT.offline);
  });

  it('keeps a reason the server gave in words', () => {
    expect(connectFailureReason('Too many connections from this address')).toBe(
      'Too many connections from this address',
    );
  });

  it('is what the spec\'s "Failed to connect to chat server: {reason}" carries', () => {
    expect(CHAT_TEXT.connectFailed('websocket error')).toBe(
      `Failed to connect to chat server: ${CONNECT_REASON_TEXT.unreachable}`,
    );
  });
});
