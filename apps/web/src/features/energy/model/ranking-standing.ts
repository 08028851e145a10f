// Which entries of a ranking (areas, properties) stand out from the median: far above it is what a
// leak or a meter reading too much looks like, far below it a meter that stopped or misreads.
/** From this multiple of the median on an entry is flagged as far above it. */
export const FAR_ABOVE_MEDIAN = 1.5;
/** At or below this multiple of the median an entry is flagged as far below it. */
export const FAR_BELOW_MEDIAN = 0.5;

export type Standing = 'above' | 'below' | 'near';

/** The multiple as the ranking writes it (two decimals), so the flag and the number agree: 1.497
 * reads "1,50 × the median" and is flagged as far above it. */
const shownMultiple = (ofMedian: number) => Math.round(ofMedian * 100) / 100;

export function standingOf(ofMedian: number | null): Standing {
  if (ofMedian === null) return 'near';
  const shown = shownMultiple(ofMedian);
  if (shown >= FAR_ABOVE_MEDIAN) return 'above';
  if (shown <= FAR_BELOW_MEDIAN) return 'below';
  return 'near';
}
