import { useContext } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

/** `const toast = useToast(); toast.show('Post created successfully!', { type: 'success', durationMs: POST_SUCCESS_TOAST_MS })` */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
