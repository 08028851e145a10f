// A window.matchMedia for the test DOMs, which lay nothing out: each query answers what `matching`
// says of it, and never changes.
export function mediaQueries(matching: (query: string) => boolean) {
  return (query: string): MediaQueryList => ({
    matches: matching(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
