// Keyset pages of a list (DESIGN §4.2, contracts/paging.ts): a repository asks for one row more
// than the page holds, and the last row shown becomes the opaque cursor of the next page,
// announced in a `Link: <…>; rel="next"` header. The cursor is the row's sort key, so a page
// costs one index range however deep into the list it is.
import { ErrorCode } from '@portal/contracts/errors';
import { text } from '@portal/contracts/zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../errors';

/** The sort key a cursor carries: strings and numbers, or null for an absent value. */
export type SortKey = readonly (string | number | null)[];

const INVALID_CURSOR = 'cursor is not one this list gave.';

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The sort key a cursor of this list carries, checked against the key's shape: a cursor of
 * another list, or one edited by hand, is a 400 naming the field rather than a database error.
 */
export function decodeCursor<Key extends SortKey>(cursor: string, shape: z.ZodType<Key>): Key {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const key = shape.safeParse(decoded);
  if (key.success) return key.data;
  throw badRequest(`cursor: ${INVALID_CURSOR}`, ErrorCode.validation, {
    issues: [{ field: 'cursor', rule: 'custom', message: INVALID_CURSOR }],
  });
}

/** Shapes of the sort-key parts the repositories use. */
export const cursorParts = {
  text: text().max(1000),
  integer: z.number().int(),
  uuid: z.uuid(),
};

export type Page<Row> = { rows: Row[]; nextKey: SortKey | undefined };

/** The page out of `limit + 1` rows fetched: the extra row only says that there is more. */
export function pageOf<Row>(rows: Row[], limit: number, keyOf: (row: Row) => SortKey): Page<Row> {
  if (rows.length <= limit) return { rows, nextKey: undefined };
  const shown = rows.slice(0, limit);
  const last = shown.at(-1) as Row;
  return { rows: shown, nextKey: keyOf(last) };
}

/** Announces the next page, if any: the same address and query with the next cursor. */
export function linkNextPage(
  request: FastifyRequest,
  reply: FastifyReply,
  nextKey: SortKey | undefined,
) {
  if (!nextKey) return;
  const url = new URL(request.url, 'http://portal.invalid');
  url.searchParams.set('cursor', encodeCursor(nextKey));
  reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
}

/** What the OpenAPI document says of every paged list. */
export const PAGED_LIST_DESCRIPTION =
  'Paged: ?limit (1–500, default 200) rows a page; when more follow, the answer has a header `Link: </api/…&cursor=…>; rel="next"` giving the next page’s address. The cursor is opaque; a malformed one is a 400 VALIDATION_FAILED on the field cursor.';
