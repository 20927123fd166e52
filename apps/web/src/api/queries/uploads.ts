import type { UploadedMedia } from '@glimpse/shared';
import { useMutation } from '@tanstack/react-query';
import { readStoredToken } from '../../lib/token-storage';
import { ApiError, buildApiUrl, NetworkError } from '../http';

/**
 * POST /api/posts/upload-media. fetch() cannot report upload progress, so this one call uses
 * XMLHttpRequest. Each file goes in its own request: that gives a true per-image progress bar
 * and lets the images upload in parallel. Errors are the same ApiError/NetworkError as http.ts.
 */

export interface UploadProgress {
  /** Index of the file in the list given to uploadImages. */
  index: number;
  /** 0 to 1. */
  fraction: number;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Uploads one file (multipart field `media`) and resolves with the server's media entry. */
export function uploadImage(
  file: File,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl('/posts/upload-media'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText) as
        { media?: UploadedMedia[]; message?: string; code?: string } | undefined;
      if (xhr.status >= 200 && xhr.status < 300) {
        const media = body?.media?.[0];
        if (media) {
          onProgress?.(1);
          resolve(media);
        } else {
          reject(
            new ApiError(xhr.status, { message: 'Server returned non-JSON response', code: 'NON_JSON' }),
          );
        }
        return;
      }
      reject(new ApiError(xhr.status, { message: body?.message || undefined, code: body?.code }));
    };
    xhr.onerror = () => reject(new NetworkError(new Error('Upload failed')));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));

    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }

    const form = new FormData();
    form.append('media', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads every file in parallel and resolves with their media in the same order. The first
 * failure cancels the others and rejects, so a post is never created with half its images.
 */
export async function uploadImages(
  files: readonly File[],
  { onProgress, signal }: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadedMedia[]> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await Promise.all(
      files.map((file, index) =>
        uploadImage(file, {
          signal: controller.signal,
          onProgress: (fraction) => onProgress?.({ index, fraction }),
        }).catch((error: unknown) => {
          controller.abort();
          throw error;
        }),
      ),
    );
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

export interface UploadImagesInput {
  files: readonly File[];
  onProgress?: (progress: UploadProgress) => void;
}

export function useUploadImagesMutation() {
  return useMutation({
    mutationKey: ['uploads', 'images'],
    mutationFn: ({ files, onProgress }: UploadImagesInput) => uploadImages(files, { onProgress }),
  });
}
