import type { UploadedMedia, UploadMediaResponse } from '@glimpse/shared';
import { readStoredToken } from '../../lib/token-storage';
import { ApiError, buildApiUrl, NetworkError, readAnswer } from '../http';
import { COMMON_TEXT } from '../../lib/text';

/**
 * THE upload helper: multipart POSTs with upload progress. fetch() cannot report upload progress,
 * so uploads use XMLHttpRequest, with the same contract as `apiRequest` (ApiError / NetworkError,
 * Bearer token from storage; an abort rejects with an AbortError). Post images and the avatar
 * both go through `uploadWithProgress`.
 */

export interface UploadProgress {
  /** Index of the file in the list given to uploadImages. */
  index: number;
  /** 0 to 1. */
  fraction: number;
}

/** POSTs `form` to `${API_BASE_URL}${path}` and resolves with the parsed JSON answer. */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const body = readAnswer<T | undefined>(xhr.status, xhr.responseText);
        if (body === undefined)
          throw new ApiError(xhr.status, { message: COMMON_TEXT.nonJson, code: 'NON_JSON' });
        onProgress?.(1);
        resolve(body);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new NetworkError(new Error('Upload failed before the server answered')));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** Uploads one file (multipart field `media`) and resolves with the server's media entry. */
export async function uploadImage(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('media', file, file.name);
  const answer = await uploadWithProgress<UploadMediaResponse>('/posts/upload-media', form, options);
  const media = answer.media?.[0];
  if (!media) throw new ApiError(200, { message: COMMON_TEXT.nonJson, code: 'NON_JSON' });
  return media;
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
