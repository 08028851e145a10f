// Runs before every web test file: DOM matchers, a clean DOM and storage after each test, and
// the browser APIs happy-dom and jsdom lack but the UI kit (Mantine) uses.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, prettyDOM } from '@testing-library/react';
import { afterEach } from 'vitest';
import { mediaQueries } from './media-queries';

// findBy/waitFor wait up to 5 s instead of 1: a screen now fetches its code and texts lazily and
// searches wait for typing to pause, and a loaded 2-core machine needs longer than 1 s for that.
// A test that passes is not slowed; one that fails says so 4 s later.
configure({ asyncUtilTimeout: 5000, getElementError: elementNotFound });

/**
 * The error of a query that finds nothing (or too much), with the document printed under its
 * message as Testing Library prints it — but printed only when the message is read. findBy and
 * waitFor ask again every 50 ms and drop each miss unread; printing the whole document for each
 * was an eighth of a form screen's test time (docs/timings.md, session 31). A failure reads it,
 * and shows the same text as before.
 */
function elementNotFound(message: string | null, container: Element | null) {
  let full: string | undefined;
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  // The stack starts where the query was made, not here.
  Error.captureStackTrace(error, elementNotFound);
  Object.defineProperty(error, 'message', {
    configurable: true,
    enumerable: false,
    get: () => {
      full ??= [
        message,
        `Ignored nodes: comments, script, style\n${prettyDOM(container ?? undefined)}`,
      ]
        .filter(Boolean)
        .join('\n\n');
      return full;
    },
  });
  return error;
}

// Some test files run in the node environment (e.g. the HTTP client against a real server).
const hasDom = typeof window !== 'undefined';

if (hasDom) {
  // Every media query but reduced motion answers false, as the screens were written against: the
  // narrow layout (happy-dom would answer for a 1 024-pixel window, jsdom has no matchMedia).
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    // The user asks for reduced motion: the theme respects it (providers.tsx), so a dialog or a
    // menu is there at once instead of after its transition — an assertion made right after
    // one opens then holds on a loaded machine too (one failed in a CI run when it did not).
    value: mediaQueries((query) => query.includes('prefers-reduced-motion: reduce')),
  });

  if (!window.ResizeObserver) {
    window.ResizeObserver = class ResizeObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }

  // Printing (the WiFi card) is the browser's; happy-dom has no window.print to spy on.
  if (!window.print) window.print = () => {};

  // The test DOMs have Blobs but no object URLs for them; images are shown from object URLs
  // (fetched with the session's token). Each URL names its blob's size and type, so a test can
  // tell them apart.
  if (!URL.createObjectURL) {
    let objectUrls = 0;
    URL.createObjectURL = (blob: Blob) =>
      `blob:test/${++objectUrls}-${blob.size}-${encodeURIComponent(blob.type)}`;
    URL.revokeObjectURL = () => {};
  }

  if (!Element.prototype.scrollIntoView) {
    Element.prototype.scrollIntoView = () => {};
  }

  // The test DOMs lay nothing out: the page has no size and every element is a 0×0 box at its
  // corner. The positioning library behind Mantine's menus and popovers reads that as "the anchor
  // has scrolled out of view" and hides the dropdown with display: none. Give the page the
  // window's size and every element a small box inside it.
  const html = document.documentElement;
  Object.defineProperty(html, 'clientWidth', { configurable: true, get: () => window.innerWidth });
  Object.defineProperty(html, 'clientHeight', {
    configurable: true,
    get: () => window.innerHeight,
  });
  // Once per worker: the files of a worker share one document (vitest.config.ts).
  const measure = Element.prototype.getBoundingClientRect;
  if (!('laidOut' in measure))
    Element.prototype.getBoundingClientRect = Object.assign(
      function getBoundingClientRect(this: Element) {
        const rect = measure.call(this);
        if (rect.width > 0 || rect.height > 0) return rect;
        return this === html
          ? new DOMRect(0, 0, window.innerWidth, window.innerHeight)
          : new DOMRect(16, 16, 96, 32);
      },
      { laidOut: true },
    );
}

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
});
