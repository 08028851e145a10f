// Bulk rows into a table by binary COPY when the handle runs on PGlite (docs/telemetry.md "One
// ingest batch"): PGlite reads `COPY … FROM '/dev/blob'` from a blob given with the query, and
// binary rows need no parsing — a 5 000-reading batch loads in about half the time of an
// `insert … select from unnest(…)` of array parameters, a third of a plain multi-row INSERT's.
// node-postgres has no COPY FROM STDIN of its own: on PostgreSQL the caller inserts its own way.
import type { Transaction } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import { type BinaryColumn, encodeBinaryCopy } from './binary-copy';
import type { Queryable } from './client';

/** The PGlite (or open PGlite transaction) a drizzle handle runs on; undefined on PostgreSQL. */
function pgliteOf(db: Queryable): Pick<Transaction, 'query'> | undefined {
  const { session } = db._;
  if (!is(session, PgliteSession)) return undefined;
  // drizzle keeps the client its session was made with private: the PGlite itself, or inside a
  // transaction the Transaction PGlite handed it — either runs the query in that transaction.
  return Reflect.get(session, 'client') as Pick<Transaction, 'query'>;
}

/**
 * Copies `count` rows into `target` ('table (column, …)', a constant: never input) when `db` runs
 * on PGlite, in its transaction if it is one; answers whether it did (false on PostgreSQL).
 */
export async function copyOnPglite(
  db: Queryable,
  target: string,
  count: number,
  columns: readonly BinaryColumn[],
): Promise<boolean> {
  const pglite = pgliteOf(db);
  if (!pglite) return false;
  if (count === 0) return true;
  const blob = new Blob([encodeBinaryCopy(count, columns)]);
  await pglite.query(`copy ${target} from '/dev/blob' with (format binary)`, [], { blob });
  return true;
}
