import { TOAST_DURATION_MS } from '@glimpse/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import { CloseIcon } from './icons';
import { ToastContext, type ToastApi, type ToastOptions, type ToastType } from './toast-context';
import styles from './Toast.module.css';

interface ToastItem {
  id: number;
  message: string;
  type: ToastType;
}

export interface ToastProviderProps {
  children: ReactNode;
}

/**
 * Holds the toasts and renders one polite live region. The region is always in the DOM (even
 * empty), because screen readers only announce changes to a live region they already know.
 */
export function ToastProvider({ children }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (message: string, { type = 'info', durationMs = TOAST_DURATION_MS }: ToastOptions = {}) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, type }]);
      if (durationMs > 0)
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), durationMs),
        );
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach((timer) => clearTimeout(timer));
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region} role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={cx(styles.toast, styles[toast.type])}>
            <p className={styles.message}>{toast.message}</p>
            <button
              type="button"
              className={styles.dismiss}
              aria-label="Dismiss"
              onClick={() => dismiss(toast.id)}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
