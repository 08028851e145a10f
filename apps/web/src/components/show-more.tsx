// 'Show more' under a paged list (DESIGN §4.2): fetches the next page, busy while it comes, gone
// on the last page.
import { Button, Group } from '@mantine/core';

/** What the button needs of a list's pages query (an RTK Query infinite query). */
export type MorePages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

export function ShowMore({ pages, label }: { pages: MorePages; label: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <Group>
      <Button
        variant="default"
        loading={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {label}
      </Button>
    </Group>
  );
}
