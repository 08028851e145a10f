// Arrays for `unnest($1::uuid[], …)` statements, sent as one text parameter holding PostgreSQL's
// array literal ('{"…","…",NULL}') instead of a JavaScript array: drizzle inspects and the pg driver
// re-encodes every element of an array parameter, 40 000 elements for one of the ingest's
// 5 000-reading inserts; a string is passed through as it is. Both drivers parse it the same way.
// Built in one pass: a batch's columns are tens of thousands of elements.
import { type SQL, sql } from 'drizzle-orm';

export type ArrayElement = string | number | boolean | null;

const quoted = (value: string) =>
  value.includes('"') || value.includes('\\')
    ? `"${value.replace(/["\\]/g, '\\$&')}"`
    : `"${value}"`;

const element = (value: ArrayElement) => {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value); // NaN, Infinity and -Infinity read back
  return quoted(value);
};

/** The literal of a one-dimensional array. */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  let literal = '{';
  for (let index = 0; index < values.length; index++) {
    if (index > 0) literal += ',';
    literal += element(values[index] as ArrayElement);
  }
  return `${literal}}`;
}

/** An array as one parameter; cast it where it is used (`${arrayParam(ids)}::uuid[]`). */
export function arrayParam(values: readonly ArrayElement[]): SQL {
  return sql`${arrayLiteral(values)}`;
}
