/** Whether a database error carries this SQLSTATE (PostgreSQL and PGlite alike, wrapped or not). */
function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Whether a database error is a unique constraint refusing a row. */
export const isUniqueViolation = (error: unknown): boolean => hasCode(error, "23505");

/** Whether a database error is a foreign key refusing a row (it names a record that is not there). */
export const isForeignKeyViolation = (error: unknown): boolean => hasCode(error, "23503");
