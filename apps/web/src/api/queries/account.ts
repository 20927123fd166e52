import type { DeleteAccountBody, MessageAnswer } from '@glimpse/shared';
import { useMutation } from '@tanstack/react-query';
import { readStoredToken } from '../../lib/token-storage';
import { apiRequest, buildApiUrl, NetworkError, readAnswer } from '../http';

export interface ExportProgress {
  /** Bytes received so far. */
  received: number;
  /** The whole size when the server said it, else null (the archive is streamed as it is made). */
  total: number | null;
}

export interface ExportFile {
  blob: Blob;
  filename: string;
}

/** `attachment; filename="x.zip"` → x.zip. */
function filenameOf(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? 'glimpse-data.zip';
}

/**
 * GET /api/users/me/export, read chunk by chunk so the caller can show progress. Resolves with the
 * whole zip as a Blob (the browser keeps it on disk when large). Rejects with ApiError or
 * NetworkError like every other call.
 */
export async function downloadExport(opts: {
  onProgress: (progress: ExportProgress) => void;
  signal?: AbortSignal;
}): Promise<ExportFile> {
  const token = readStoredToken();
  let response: Response;
  try {
    response = await fetch(buildApiUrl('/users/me/export'), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  if (!response.ok || !response.body) {
    readAnswer(response.status, await response.text().catch(() => ''));
    throw new NetworkError(new Error('empty answer'));
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  opts.onProgress({ received, total });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      opts.onProgress({ received, total });
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  return {
    blob: new Blob(chunks as BlobPart[], { type: 'application/zip' }),
    filename: filenameOf(response.headers.get('content-disposition')),
  };
}

/** DELETE /api/users/me with the password; on success the caller signs out locally. */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      apiRequest<MessageAnswer>('/users/me', { method: 'DELETE', body }),
  });
}
