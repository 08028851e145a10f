// Language choice: Swedish unless English was saved; the choice is kept and shown in <html>.
import { describe, expect, it } from 'vitest';
import en from '../locales/en/translation.json';
import sv from '../locales/sv/translation.json';
import { createI18n, currentLanguage, savedLanguage } from './i18n';

describe('savedLanguage', () => {
  it('is Swedish when nothing is stored', () => {
    expect(savedLanguage()).toBe('sv');
  });

  it.each(['', 'fr', 'EN', 'english', 'null'])('is Swedish when %j is stored', (stored) => {
    localStorage.setItem('language', stored);
    expect(savedLanguage()).toBe('sv');
  });

  it("is English when 'en' is stored under 'language'", () => {
    localStorage.setItem('language', 'en');
    expect(savedLanguage()).toBe('en');
  });
});

describe('createI18n', () => {
  it('starts in the saved language when none is given', () => {
    localStorage.setItem('language', 'en');
    const i18n = createI18n();
    expect(currentLanguage(i18n)).toBe('en');
    expect(i18n.t('nav.properties')).toBe('Properties');
  });

  it('sets <html lang> and the title to the language it starts in', () => {
    createI18n('sv');
    expect(document.documentElement.lang).toBe('sv');
    expect(document.title).toBe(sv.app.name);

    createI18n('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe(en.app.name);
  });

  it('does not store a language just by starting', () => {
    createI18n('en');
    expect(localStorage.getItem('language')).toBeNull();
  });

  it("changing to English stores 'en' and shows English in <html lang> and the title", async () => {
    const i18n = createI18n('sv');
    await i18n.changeLanguage('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Property Portal');
    expect(i18n.t('profileMenu.logout')).toBe('Log out');
  });

  it('falls back to Swedish for a text the English catalogue lacks', () => {
    const i18n = createI18n('en');
    i18n.addResource('sv', 'translation', 'onlySwedish', 'Bara svenska');
    expect(i18n.t('onlySwedish' as never)).toBe('Bara svenska');
  });
});
