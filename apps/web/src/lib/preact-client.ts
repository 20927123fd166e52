/**
 * What `react-dom/client` resolves to when WEB_RUNTIME=preact (vite.config.ts, preactRuntime()):
 * Preact's createRoot, after telling Preact to run effects when React DOM would. Everything that
 * makes a root goes through here, the app's main.tsx and Testing Library's render alike, so the
 * tests run the timing that ships. Never imported by name: the React build does not contain it.
 *
 * Why: Preact runs useEffect callbacks after the next animation frame (up to 35 ms when no frame
 * comes), React DOM in a task right after the commit. Glimpse starts work in effects (a query's
 * first fetch when it subscribes, the tab title's unread count, the dialog stack Radix keeps for
 * outside presses), so under Preact each of those came a frame or more after the screen it
 * belongs to: the title lagged the badge it counts, and a press in a just-opened dialog reached
 * listeners its effects had not replaced yet.
 */
import { options } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

/**
 * A task after the current one, the way React's scheduler makes one: setImmediate where it exists
 * (Node, under the tests), else a MessageChannel message (browsers; unlike setTimeout, never
 * throttled to 4 ms when nested).
 */
function createTaskQueue(): (task: () => void) => void {
  if (typeof setImmediate === 'function') return (task) => void setImmediate(task);
  const channel = new MessageChannel();
  const pending: Array<() => void> = [];
  channel.port1.onmessage = () => pending.shift()?.();
  return (task) => {
    pending.push(task);
    channel.port2.postMessage(null);
  };
}

// Preact's own option for scheduling effects (it replaces the rAF + timeout pair);
// preact/test-utils' act() swaps it for its own while it runs and puts this one back.
options.requestAnimationFrame = createTaskQueue();
