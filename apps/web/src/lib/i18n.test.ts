// Language choice: Swedish unless English was saved; the choice is kept and shown in <html>. And
// how the app gets its texts: the Swedish ones of the first screen at once, every other catalogue
// fetched when first needed, a new language's before it shows.
import { describe, expect, it } from 'vitest';
import en from '../locales/en/translation.json';
import sv from '../locales/sv/translation.json';
import { resources } from '../test/catalogues';
import { createI18n, currentLanguage, loadCatalogue, NAMESPACES, savedLanguage } from './i18n';

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

describe('createI18n with every catalogue handed in (as the tests start it)', () => {
  it('starts in the saved language when none is given', () => {
    localStorage.setItem('language', 'en');
    const i18n = createI18n(undefined, { resources });
    expect(currentLanguage(i18n)).toBe('en');
    expect(i18n.t('nav.properties')).toBe('Properties');
  });

  it('sets <html lang> and the title to the language it starts in', () => {
    createI18n('sv', { resources });
    expect(document.documentElement.lang).toBe('sv');
    expect(document.title).toBe(sv.app.name);

    createI18n('en', { resources });
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe(en.app.name);
  });

  it('does not store a language just by starting', () => {
    createI18n('en', { resources });
    expect(localStorage.getItem('language')).toBeNull();
  });

  it("changing to English stores 'en' and shows English in <html lang> and the title", async () => {
    const i18n = createI18n('sv', { resources });
    await i18n.changeLanguage('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Property Portal');
    expect(i18n.t('profileMenu.logout')).toBe('Log out');
  });

  it('falls back to Swedish for a text the English catalogue lacks', () => {
    // A copy: adding a text changes the catalogue handed in, which other test files share.
    const i18n = createI18n('en', { resources: structuredClone(resources) });
    i18n.addResource('sv', 'translation', 'onlySwedish', 'Bara svenska');
    expect(i18n.t('onlySwedish' as never)).toBe('Bara svenska');
  });
});

describe('createI18n as the app starts it (catalogues fetched as needed)', () => {
  it('has the Swedish texts of the first screen at once', () => {
    const i18n = createI18n('sv');
    expect(i18n.t('app.name')).toBe('Fastighetsportalen');
    expect(i18n.t('login.title', { ns: 'auth' })).toBe('Logga in');
    expect(document.title).toBe('Fastighetsportalen');
    expect(document.documentElement.lang).toBe('sv');
  });

  it('fetches a catalogue only when a screen asks for it', async () => {
    const i18n = createI18n('sv');
    expect(i18n.hasLoadedNamespace('areas')).toBe(false);
    await i18n.loadNamespaces('areas');
    expect(i18n.t('type.lau', { ns: 'areas' })).toBe('Tvättstuga');
  });

  it('shows English once its catalogue is in, and stores nothing for the start', async () => {
    const i18n = createI18n('en');
    expect(document.documentElement.lang).toBe('en');
    await i18n.loadNamespaces('translation');
    expect(i18n.t('nav.properties')).toBe('Properties');
    expect(document.title).toBe('Property Portal');
    expect(localStorage.getItem('language')).toBeNull();
  });

  it('fetches the new language of what is shown before it changes, so no text shows as a key', async () => {
    const i18n = createI18n('sv');
    await i18n.loadNamespaces('areas');
    await i18n.changeLanguage('en');
    expect(i18n.t('type.lau', { ns: 'areas' })).toBe('Laundry room');
    expect(i18n.t('login.title', { ns: 'auth' })).toBe('Sign in');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.title).toBe('Property Portal');
  });

  it.each(
    NAMESPACES.flatMap((namespace) => [['sv', namespace] as const, ['en', namespace] as const]),
  )('finds the %s catalogue of %s', async (language, namespace) => {
    expect(await loadCatalogue(language, namespace)).toEqual(resources[language][namespace]);
  });
});
