/** The constraint named by a PostgreSQL unique violation (23505), if that is what `err` is. */
export function uniqueViolation(err: unknown): string | null {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const pgErr = e as { code?: string; constraint?: string; message?: string };
  if (pgErr?.code !== '23505') return null;
  return pgErr.constraint ?? pgErr.message ?? '';
}

/** The row an INSERT ... RETURNING must give back; none is a broken invariant, not a client error. */
export function insertedRow<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}
