// A form field by its visible label, with or without the required mark the UI kit adds (' *').
import type { Page } from '@playwright/test';

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${escapeForRegExp(label)}( \\*)?$`));
}
