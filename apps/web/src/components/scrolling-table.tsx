// A table wider than a phone: it scrolls sideways inside its own box, never the page, and the box
// is a named region a keyboard can reach and scroll (a scrolling box without anything focusable
// in it cannot be scrolled without a mouse: axe's scrollable-region-focusable).
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

export function ScrollingTable({
  label,
  minWidth,
  children,
}: {
  /** What the region is called: the table's caption or title. */
  label: string;
  /** Narrower than this, the table scrolls; 0: it never does (no box, no extra tab stop). */
  minWidth: number;
  children: ReactNode;
}) {
  if (minWidth === 0) return children;
  return (
    <Box
      className="scrolling-table"
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ overflowX: 'auto' }}
    >
      <Box style={{ minWidth }}>{children}</Box>
    </Box>
  );
}
