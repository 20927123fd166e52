import type { z } from 'zod';
import { MSG } from '@glimpse/shared';
import { AppError } from './errors.js';

/**
 * The first issue of a failed parse as a 400. Messages in our schemas are the catalogue's
 * user-facing texts and go out as they are; zod's own generic texts ("Invalid input: expected
 * string, received number") get the field's name in front so the client knows what to fix.
 */
export function validationError(
  error: z.ZodError,
  opts: { code?: 'VALIDATION' | 'INVALID_ID' } = {},
): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  const raw = issue?.message ?? MSG.invalidData;
  const message = issue?.code === 'custom' || !field || /[A-Z]/.test(raw[0] ?? '') ? raw : `${field}: ${raw}`;
  return new AppError(opts.code ?? 'VALIDATION', message);
}

/** Parses input that does not come through a route schema (socket payloads). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error);
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text is refused: NUL (PostgreSQL cannot store it) or a lone surrogate (not valid UTF-8). */
function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * The path of the first unsafe string in a parsed request part (keys count too), or null.
 * Depth is bounded by the JSON body limit; arrays and objects are walked iteratively.
 */
export function findUnsafeText(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [node, where] = stack.pop()!;
    if (typeof node === 'string') {
      if (isUnsafeText(node)) return where;
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, `${where}.${i}`]));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (isUnsafeText(key)) return where;
        stack.push([child, `${where}.${key}`]);
      }
    }
  }
  return null;
}
