// For the stored-XSS spec: a corpus of texts that would run script if a screen ever rendered a
// stored value as markup, a link or a template, and a watch on the page that notices any attempt —
// a sentinel set, a Content-Security-Policy refusal (the policy blocks inline handlers, so an
// injected `onerror` shows as a violation rather than as a run), a dialog, a console error, an
// element or a `javascript:` link that came from a payload.
import { expect, type Page } from '@playwright/test';

/** Each would set `window.__xss` to its own number, or open a dialog, were it interpreted. */
export const PAYLOADS = {
  img: '<img src=x onerror="window.__xss=1">',
  svg: '<svg onload="window.__xss=2"></svg>',
  javascriptLink: 'javascript:window.__xss=3//',
  script: '"><script>window.__xss=4</script>',
  quoteBreak: "'-alert(5)-'",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax is the payload
  templates: '{{7*7}} ${7*7} #{7*7} <%= 7*7 %>',
  anchor: '<a href="javascript:window.__xss=7">x</a>',
  details: '<details open ontoggle="window.__xss=8">',
  iframe: '<iframe srcdoc="<script>parent.__xss=9</script>">',
  titleBreak: '</title><script>window.__xss=10</script>',
  markdown: '[Lgh](javascript:window.__xss=11)',
  /** An RTL override that turns 'exe.jpg' around, and zero-width characters between letters. */
  rtl: 'Lgh \u202Egpj.exe 12',
  zeroWidth: 'Tvätt\u200Bstuga\u200C\u200D\u2060\uFEFF13',
  /** No space to break at: the longest name a property or an area may have. */
  long: `${'W'.repeat(186)}<b>x</b>14`,
} as const;

export type PayloadName = keyof typeof PAYLOADS;
export const PAYLOAD_NAMES = Object.keys(PAYLOADS) as PayloadName[];

/** `text` cut to at most `bytes` of UTF-8, whole characters only (an SSID holds 32 bytes). */
export function fitBytes(text: string, bytes: number) {
  let kept = '';
  for (const character of text) {
    if (new TextEncoder().encode(kept + character).length > bytes) break;
    kept += character;
  }
  return kept;
}

/** `text` cut to at most `length` characters (UTF-16 units never split a pair here). */
export const fitLength = (text: string, length: number) => [...text].slice(0, length).join('');

/** What the server keeps of a door's id that does not fit its type: trimmed, in capitals. */
export const keptAsId = (text: string) => text.trim().toUpperCase();

type Watch = { violations: string[]; dialogs: string[]; errors: string[] };

/**
 * Starts watching `page` (before it loads anything): Content-Security-Policy violations from the
 * page's own events, dialogs (dismissed), console errors and uncaught errors.
 */
export async function watchForXss(page: Page) {
  const watch: Watch = { violations: [], dialogs: [], errors: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(message.text());
  });
  page.on('pageerror', (error) => watch.errors.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __xssViolations: string[] }).__xssViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return watch;
}

/** Whatever a payload would have left in the document had it been parsed as HTML. */
function injectedInDocument() {
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.getAttributeNames()) {
      const value = element.getAttribute(attribute) ?? '';
      if (attribute.startsWith('on')) found.push(`<${element.localName} ${attribute}="${value}">`);
      if (
        ['href', 'src', 'action', 'formaction', 'srcdoc', 'xlink:href'].includes(attribute) &&
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip them before a scheme
        /^[\s\u0000-\u001f]*(javascript|vbscript|data:text\/html)/i.test(value)
      )
        found.push(`<${element.localName} ${attribute}="${value}">`);
    }
  }
  for (const element of document.querySelectorAll('img[src="x"], iframe, details, script'))
    if (element.localName !== 'script' || !(element as HTMLScriptElement).src)
      found.push(element.outerHTML.slice(0, 120));
  return {
    found,
    sentinel: (window as unknown as { __xss?: unknown }).__xss ?? null,
    violations: (window as unknown as { __xssViolations?: string[] }).__xssViolations ?? [],
  };
}

/** Counts of what was checked, for the report at the end. */
export const tally = { screens: 0, checks: 0, violations: 0 };

/**
 * The screen as it stands ran nothing: no sentinel, no policy violation, no dialog, no console
 * error, no element or link from a payload. Checked once the screen shows what it names.
 */
export async function expectNothingRan(page: Page, watch: Watch, screen: string) {
  const seen = await page.evaluate(injectedInDocument);
  tally.screens += 1;
  tally.violations += seen.violations.length + watch.violations.length;
  expect.soft(seen.sentinel, `${screen}: window.__xss`).toBeNull();
  expect.soft(seen.violations, `${screen}: securitypolicyviolation events`).toEqual([]);
  expect.soft(seen.found, `${screen}: elements or links from a payload`).toEqual([]);
  expect.soft(watch.dialogs, `${screen}: dialogs`).toEqual([]);
  expect.soft(watch.errors, `${screen}: console errors`).toEqual([]);
  watch.dialogs.length = 0;
  watch.errors.length = 0;
}
