// Quick searches of lists with LIKE: every word typed must appear, anywhere, in one of the texts
// searched ('solrosen solna' finds Solrosen 1 in Solna); the words' own % and _ match only
// themselves.
import { type AnyColumn, and, ilike, or, type SQL } from 'drizzle-orm';

/** A LIKE pattern matching text that contains `word`. */
export function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The condition that every word of `typed` is in one of `texts`, case-insensitively. */
export function everyWordIn(typed: string, texts: (AnyColumn | SQL)[]): SQL | undefined {
  const words = typed.split(/\s+/).filter(Boolean);
  return and(...words.map((word) => or(...texts.map((text) => ilike(text, containing(word))))));
}
