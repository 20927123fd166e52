import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

export interface ReadImagePartsOptions {
  /** The form field that carries the files; files under any other name are refused. */
  field: string;
  maxFiles: number;
  maxBytes: number;
  messages: { tooManyFiles: string; tooLarge: string; noFiles: string };
}

function codeOf(err: unknown): string | undefined {
  return (err as { code?: string } | null)?.code;
}

/**
 * Reads the image files of a multipart request into memory, enforcing the per-file size while
 * streaming (busboy stops buffering at `maxBytes` and we refuse the file) and the file count
 * before anything is processed. At most maxFiles x maxBytes is ever held.
 */
export async function readImageParts(
  request: FastifyRequest,
  opts: ReadImagePartsOptions,
): Promise<Buffer[]> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the images as multipart/form-data');
  }
  const files: Buffer[] = [];
  try {
    // One file more than allowed gets through busboy, so the extra one is reported as our 400
    // rather than the plugin's generic 413 "reach files limit".
    const parts = request.parts({ limits: { fileSize: opts.maxBytes, files: opts.maxFiles + 1 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== opts.field) {
        throw new AppError('VALIDATION', `Images must be sent in the "${opts.field}" field`);
      }
      if (files.length >= opts.maxFiles) throw new AppError('VALIDATION', opts.messages.tooManyFiles);
      files.push(await part.toBuffer());
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', opts.messages.tooLarge);
    if (codeOf(err) === 'FST_FILES_LIMIT') throw new AppError('VALIDATION', opts.messages.tooManyFiles);
    throw err;
  }
  if (files.length === 0) throw new AppError('VALIDATION', opts.messages.noFiles);
  return files;
}
