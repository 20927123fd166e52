import { createContext } from 'react';

export type ToastType = 'info' | 'success' | 'error';

export interface ToastOptions {
  type?: ToastType;
  /** How long it stays; default TOAST_DURATION_MS (5 s). 0 keeps it until dismissed. */
  durationMs?: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
