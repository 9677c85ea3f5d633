/**
 * The row an `INSERT … RETURNING` wrote. PostgreSQL returns one row per inserted value, so an
 * empty answer is a broken invariant, not a case for the caller to handle.
 */
export function insertedRow<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}
