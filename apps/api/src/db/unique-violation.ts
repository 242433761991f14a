/**
 * Whether a failed query broke a unique index (SQLSTATE 23505), on PostgreSQL and PGlite alike.
 * Drizzle wraps the driver's error, so the code may sit on a cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
