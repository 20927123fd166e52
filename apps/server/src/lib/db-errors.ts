/** The constraint named by a PostgreSQL unique violation (23505), if that is what `err` is. */
export function uniqueViolation(err: unknown): string | null {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const pgErr = e as { code?: string; constraint?: string; message?: string };
  if (pgErr?.code !== '23505') return null;
  return pgErr.constraint ?? pgErr.message ?? '';
}
