// Sets up translations: Swedish by default and as fallback, English on request, the choice kept
// in local storage under 'language' (SPEC §1) and mirrored in <html lang>.
import { isLanguage, LANGUAGES, type Language } from '@portal/contracts/domain';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';
import sv from '../locales/sv/translation.json';

export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LANGUAGE: Language = 'sv';
export const SUPPORTED_LANGUAGES = LANGUAGES;

export const resources = { sv: { translation: sv }, en: { translation: en } } as const;

export function savedLanguage(storage: Storage = localStorage): Language {
  const saved = storage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

export function createI18n(language: Language = savedLanguage()): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  const showLanguage = (shown: string) => {
    document.documentElement.lang = shown;
    document.title = instance.t('app.name');
  };
  showLanguage(language);
  instance.on('languageChanged', (next) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    showLanguage(next);
  });
  return instance;
}

/** The language currently shown, narrowed to the ones the portal supports. */
export function currentLanguage(instance: i18n): Language {
  const shown = instance.resolvedLanguage ?? instance.language;
  return isLanguage(shown) ? shown : DEFAULT_LANGUAGE;
}
