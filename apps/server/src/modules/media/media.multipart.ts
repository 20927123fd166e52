import type { FastifyRequest } from 'fastify';
import { MSG } from '@glimpse/shared';
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
 * A failure while reading the parts, as the client's mistake it is: too large, too many, or a
 * body that is not well-formed multipart (no boundary, a wrong one, truncated, bad part headers).
 * Nothing here can be the server's fault: storing happens after every part was read.
 */
function partsError(err: unknown, opts: ReadImagePartsOptions): AppError {
  if (err instanceof AppError) return err;
  const code = codeOf(err);
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', opts.messages.tooLarge);
  }
  if (code === 'FST_FILES_LIMIT') return new AppError('VALIDATION', opts.messages.tooManyFiles);
  return new AppError('BAD_MULTIPART', MSG.malformedMultipart);
}

/**
 * THE upload helper: reads the image files of a multipart request into memory, enforcing the
 * per-file size while streaming (busboy stops buffering at `maxBytes` and we refuse the file) and
 * the file count before anything is processed. At most maxFiles x maxBytes is ever held.
 */
export async function readImageParts(
  request: FastifyRequest,
  opts: ReadImagePartsOptions,
): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.multipartRequired);
  const files: Buffer[] = [];
  try {
    // One file more than allowed gets through busboy, so the extra one is reported as our 400
    // rather than the plugin's generic 413 "reach files limit".
    const parts = request.parts({ limits: { fileSize: opts.maxBytes, files: opts.maxFiles + 1 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== opts.field) throw new AppError('VALIDATION', MSG.wrongFileField(opts.field));
      if (files.length >= opts.maxFiles) throw new AppError('VALIDATION', opts.messages.tooManyFiles);
      files.push(await part.toBuffer());
    }
  } catch (err) {
    throw partsError(err, opts);
  }
  if (files.length === 0) throw new AppError('VALIDATION', opts.messages.noFiles);
  return files;
}
