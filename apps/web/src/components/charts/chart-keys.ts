// Which bucket a key press on a chart moves to: arrows one bucket, Page Up/Down a bigger step,
// Home/End the ends, Escape none. Kept apart from the component so it is tested as plain logic.

/** A Page Up/Down step: a quarter of the buckets (six hours of a day, a week of a month). */
const pageStep = (count: number) => Math.max(1, Math.round(count / 4));

/**
 * The bucket a key moves to from `current` (null: none yet) among `count` buckets: a number, null
 * for none (Escape), or undefined when the key is not the chart's (Tab, letters), so the browser
 * keeps it. From none, the first step forward lands on the first bucket and back on the last.
 */
export function bucketAfterKey(
  key: string,
  current: number | null,
  count: number,
): number | null | undefined {
  if (count === 0) return key === 'Escape' ? null : undefined;
  const last = count - 1;
  const clamp = (index: number) => Math.min(last, Math.max(0, index));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return current === null ? 0 : clamp(current + 1);
    case 'ArrowLeft':
    case 'ArrowDown':
      return current === null ? last : clamp(current - 1);
    case 'PageUp':
      return current === null ? 0 : clamp(current + pageStep(count));
    case 'PageDown':
      return current === null ? last : clamp(current - pageStep(count));
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'Escape':
      return null;
    default:
      return undefined;
  }
}
