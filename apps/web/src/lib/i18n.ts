// Sets up translations: Swedish by default and as fallback, English on request, the choice kept
// in local storage under 'language' (SPEC §1) and mirrored in <html lang>.
import { isLanguage, LANGUAGES, type Language } from '@portal/contracts/domain';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAccount from '../locales/en/account.json';
import enAreas from '../locales/en/areas.json';
import enAuth from '../locales/en/auth.json';
import enErrors from '../locales/en/errors.json';
import enForms from '../locales/en/forms.json';
import enOrganizations from '../locales/en/organizations.json';
import enProperties from '../locales/en/properties.json';
import en from '../locales/en/translation.json';
import svAccount from '../locales/sv/account.json';
import svAreas from '../locales/sv/areas.json';
import svAuth from '../locales/sv/auth.json';
import svErrors from '../locales/sv/errors.json';
import svForms from '../locales/sv/forms.json';
import svOrganizations from '../locales/sv/organizations.json';
import svProperties from '../locales/sv/properties.json';
import sv from '../locales/sv/translation.json';

export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LANGUAGE: Language = 'sv';
export const SUPPORTED_LANGUAGES = LANGUAGES;

/** One catalogue per area: translation (shell, shared), auth (public screens), account (profile,
 * users), organizations, properties (list, forms, overview), areas (inside a property), errors (the
 * API's domain codes, lib/api-errors) and forms (a broken rule of the contract, lib/form-issues). */
export const resources = {
  sv: {
    translation: sv,
    auth: svAuth,
    account: svAccount,
    organizations: svOrganizations,
    properties: svProperties,
    areas: svAreas,
    errors: svErrors,
    forms: svForms,
  },
  en: {
    translation: en,
    auth: enAuth,
    account: enAccount,
    organizations: enOrganizations,
    properties: enProperties,
    areas: enAreas,
    errors: enErrors,
    forms: enForms,
  },
} as const;

export function savedLanguage(storage?: Storage): Language {
  try {
    const saved = (storage ?? localStorage).getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    // Storage blocked (private mode, strict settings): the default language, not a blank page.
    return DEFAULT_LANGUAGE;
  }
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
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Storage blocked: the choice lasts for this visit only.
    }
    showLanguage(next);
  });
  return instance;
}

/** The language currently shown, narrowed to the ones the portal supports. */
export function currentLanguage(instance: i18n): Language {
  const shown = instance.resolvedLanguage ?? instance.language;
  return isLanguage(shown) ? shown : DEFAULT_LANGUAGE;
}
