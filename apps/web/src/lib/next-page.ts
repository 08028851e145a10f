// Paged lists of the API (DESIGN §4.2): a page with more after it names the next one in a
// `Link: <…?cursor=…>; rel="next"` header (RFC 8288). Read here, so nothing else parses headers.

/** The cursor of the page after this one; undefined on the last page. */
export function nextCursorIn(linkHeader: unknown): string | undefined {
  if (typeof linkHeader !== 'string') return undefined;
  for (const link of linkHeader.split(',')) {
    const target = /^\s*<([^>]*)>\s*;\s*rel="?next"?\s*$/i.exec(link)?.[1];
    if (target === undefined) continue;
    const cursor = new URL(target, 'http://portal.invalid').searchParams.get('cursor');
    if (cursor) return cursor;
  }
  return undefined;
}
