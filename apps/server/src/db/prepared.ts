// Queries built once per database handle and then run with new parameters. drizzle builds a
// query's SQL on every call (about 50–80 µs on this machine's kind, mostly its entity checks):
// for the calls every screen makes it was a third of the time of a small answer on PostgreSQL
// (W3, docs/performance.md). On node-postgres a prepared query is also a named statement, which
// PostgreSQL parses and plans once per connection.
import type { Queryable } from './client';

type Executable<Parameters, Result> = { execute(parameters: Parameters): Promise<Result> };

/**
 * `prepare(db)` builds the query for one handle (the database or an open transaction, which
 * gets its own); the answer runs it on the handle it is given.
 */
export function preparedPerHandle<Parameters extends Record<string, unknown>, Result>(
  prepare: (db: Queryable) => Executable<Parameters, Result>,
): (db: Queryable, parameters: Parameters) => Promise<Result> {
  const prepared = new WeakMap<Queryable, Executable<Parameters, Result>>();
  return (db, parameters) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query.execute(parameters);
  };
}

/**
 * A query whose SQL takes several shapes (a filter there or not, a bucket's size): one prepared
 * query per shape and handle, each built when first asked for. `nameOf` names a shape's statement
 * (on PostgreSQL, per connection) and tells the shapes apart, so it must differ wherever the SQL
 * does.
 */
export function preparedPerShape<Shape, Parameters extends Record<string, unknown>, Result>(
  nameOf: (shape: Shape) => string,
  prepare: (db: Queryable, shape: Shape, name: string) => Executable<Parameters, Result>,
): (db: Queryable, shape: Shape, parameters: Parameters) => Promise<Result> {
  const shapes = new Map<string, (db: Queryable, parameters: Parameters) => Promise<Result>>();
  return (db, shape, parameters) => {
    const name = nameOf(shape);
    let query = shapes.get(name);
    if (!query) {
      query = preparedPerHandle((handle) => prepare(handle, shape, name));
      shapes.set(name, query);
    }
    return query(db, parameters);
  };
}
