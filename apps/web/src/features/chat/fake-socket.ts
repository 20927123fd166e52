import { SOCKET_ERRORS, type Message, type SendMessageAck } from '@glimpse/shared';

/**
 * A stand-in for socket.io-client's socket in page tests: records what the client emits and lets
 * a test play the server (`serverEmit`) and answer `send_message` (`onSend`).
 */
type Listener = (...args: unknown[]) => void;

export interface SentEvent {
  event: string;
  payload: unknown;
}

export class FakeSocket {
  /** When set, `connect()` waits for the test to play 'connect' itself. */
  static holdConnect = false;
  connected = false;
  readonly sent: SentEvent[] = [];
  /** How `send_message` is answered; the default stores it with a server id. */
  onSend: (payload: { chatId: string; content: string; tempId: string }) => Promise<SendMessageAck> = () =>
    Promise.resolve({ ok: false, message: SOCKET_ERRORS.sendFailed });
  private listeners = new Map<string, Set<Listener>>();
  private managerListeners = new Map<string, Set<Listener>>();

  readonly io = {
    on: (event: string, listener: Listener) => this.add(this.managerListeners, event, listener),
    removeAllListeners: () => this.managerListeners.clear(),
  };

  constructor(readonly options: Record<string, unknown>) {}

  private add(map: Map<string, Set<Listener>>, event: string, listener: Listener) {
    const set = map.get(event) ?? new Set();
    set.add(listener);
    map.set(event, set);
    return this;
  }

  on(event: string, listener: Listener) {
    return this.add(this.listeners, event, listener);
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  emit(event: string, payload?: unknown) {
    this.sent.push({ event, payload });
    return this;
  }

  timeout() {
    return {
      emitWithAck: (event: string, payload: { chatId: string; content: string; tempId: string }) => {
        this.sent.push({ event, payload });
        return this.onSend(payload);
      },
    };
  }

  connect() {
    if (!FakeSocket.holdConnect) queueMicrotask(() => this.serverEmit('connect'));
    return this;
  }

  disconnect() {
    // Like socket.io: a manual disconnect of a connected socket still reports 'disconnect'.
    if (this.connected) this.serverEmit('disconnect', 'io client disconnect');
    return this;
  }

  /** Plays an event from the server (or the transport: connect, disconnect, connect_error). */
  serverEmit(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  sentOf(event: string): unknown[] {
    return this.sent.filter((s) => s.event === event).map((s) => s.payload);
  }
}

export function ackOk(message: Message): Promise<SendMessageAck> {
  return Promise.resolve({ ok: true, message });
}
