// Lists the API pages (DESIGN §4.2: ?limit, ?cursor, Link rel=next) as RTK Query infinite
// queries: the pages of one list live in one cache entry, the first page comes at once and the
// next when the screen asks for it ('Show more').
import type { AnswerMeta } from '../lib/http-base-query';

/** One page of a list, and the cursor of the next (none on the last page). */
export type Page<Item> = { items: Item[]; nextCursor: string | null };

/** The cursor a page is fetched with: null for the first page. */
export type PageParam = string | null;

/** The options every paged list shares. */
export const pagedList = {
  infiniteQueryOptions: {
    initialPageParam: null as PageParam,
    getNextPageParam: (lastPage: Page<unknown>): PageParam => lastPage.nextCursor,
  },
  transformResponse: <Item>(items: Item[], meta: AnswerMeta | undefined): Page<Item> => ({
    items,
    nextCursor: meta?.nextCursor ?? null,
  }),
};

/** The query string of a page: the list's own filters, and the cursor after the first page. */
export function pageParams<Filters extends object>(filters: Filters, cursor: PageParam) {
  const defined = Object.entries(filters).filter(
    ([, value]) => value !== undefined && value !== '',
  );
  return { ...Object.fromEntries(defined), ...(cursor ? { cursor } : {}) };
}

/** Every item of the pages fetched so far, in list order. */
export const itemsOf = <Item>(data: { pages: Page<Item>[] } | undefined): Item[] =>
  data?.pages.flatMap((page) => page.items) ?? [];
