// The UI kit's styles come per component (apps/web/src/app/kit-styles.css and
// shell/shell-styles.css), not as its whole stylesheet: a component whose file is missing renders
// unstyled. Every class the kit puts on an element (m_ and eight hex digits) has its rules in
// the kit's file for that component, so a class on the page that no loaded rule names is a file
// missing from those lists.
import { expect, type Page } from '@playwright/test';

/** Fails when an element on the page carries a class of the UI kit that no loaded stylesheet styles. */
export async function expectKitStylesLoaded(page: Page, state: string) {
  const unstyled = await page.evaluate(() => {
    const KIT_CLASS = /\bm_[0-9a-f]{8}\b/g;
    const styled = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const name of rule.selectorText.match(KIT_CLASS) ?? []) styled.add(name);
        }
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const used = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      for (const name of Array.from(element.classList))
        if (/^m_[0-9a-f]{8}$/.test(name)) used.add(name);
    }
    return [...used].filter((name) => !styled.has(name));
  });
  expect(unstyled, `${state}: the UI kit's classes without styles`).toEqual([]);
}
