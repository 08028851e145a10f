// Inline styles the screens share.

/** A long name, address or e-mail wraps anywhere instead of widening a phone's screen. */
export const BREAK_LONG_WORDS = { overflowWrap: 'anywhere' } as const;

/** A list (ul) laid out as cards or rows, without bullets. */
export const UNSTYLED_LIST = { listStyle: 'none' } as const;
