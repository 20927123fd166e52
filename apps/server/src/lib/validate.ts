import type { z } from 'zod';
import { isValidId } from '@glimpse/shared';
import { AppError } from './errors.js';

/**
 * Parses input with a zod schema; the first issue's message becomes a 400 `VALIDATION` error.
 * Messages in our schemas are the spec's user-facing texts, so they go to the client as they are.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  const raw = issue?.message ?? 'Invalid data provided';
  // zod's generic texts ("Invalid input: expected string, received number") get the field name.
  const message = issue?.code === 'custom' || !field || /[A-Z]/.test(raw[0] ?? '') ? raw : `${field}: ${raw}`;
  throw new AppError('VALIDATION', message);
}

/** A path id must be 24 lowercase hex characters, else 400 with the resource's message. */
export function parseId(id: unknown, message: string): string {
  if (!isValidId(id)) throw new AppError('INVALID_ID', message);
  return id;
}
