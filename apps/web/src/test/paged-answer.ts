// For tests: a page of a list as the API answers it (DESIGN §4.2): narrowed by ?q (every word
// must be in the item's searchable text), ?limit at a time (200 unless asked), the next page
// announced in a Link header. The cursor here is a plain position; the API's is opaque, and the
// app never looks into it.
import type { Reply } from './test-api';

export function pagedAnswer<Item>(
  items: Item[],
  url: URL,
  {
    searchText,
    order,
    pageSize = 200,
  }: {
    searchText: (item: Item) => string;
    order: (a: Item, b: Item) => number;
    /** The API's default page; a test may make it small to page a short list. */
    pageSize?: number;
  },
): Reply {
  const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const limit = Number(url.searchParams.get('limit') ?? pageSize);
  const start = Number(url.searchParams.get('cursor') ?? 0);
  const matching = items
    .filter((item) => {
      const text = searchText(item).toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort(order);
  const end = start + limit;
  if (end >= matching.length) return { status: 200, body: matching.slice(start) };
  const next = new URL(url);
  next.searchParams.set('cursor', String(end));
  return {
    status: 200,
    body: matching.slice(start, end),
    headers: { Link: `<${next.pathname}${next.search}>; rel="next"` },
  };
}
