// How lists that can grow without bound are paged (DESIGN §4.2): `?limit` and an opaque
// `?cursor`; the body stays a JSON array, and a page with more after it says where the next one
// is in a `Link: <…>; rel="next"` header (RFC 8288), as GitHub's API does. Keyset paging, not
// offsets: a page of 200 costs the same at the end of 5 000 areas as at the start, and an area
// added meanwhile neither repeats nor skips a row.
import { text, z } from './zod';

export const DEFAULT_PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 500;
export const SEARCH_MAX_LENGTH = 200;
/** Far longer than any cursor the server makes: a longer one is refused before it is decoded. */
export const CURSOR_MAX_LENGTH = 1000;

export const PageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(MAX_PAGE_SIZE, { error: `limit must be at most ${MAX_PAGE_SIZE}.` })
    .default(DEFAULT_PAGE_SIZE),
  cursor: text()
    .min(1, { error: 'cursor must not be empty.' })
    .max(CURSOR_MAX_LENGTH, { error: 'cursor is not one this list gave.' })
    .optional(),
});

/** A quick search of a list: case-insensitive, anywhere in the words it looks in. */
export const SearchQuerySchema = text()
  .trim()
  .max(SEARCH_MAX_LENGTH, { error: `q must be at most ${SEARCH_MAX_LENGTH} characters long.` })
  .optional()
  .transform((text) => (text ? text : undefined));
