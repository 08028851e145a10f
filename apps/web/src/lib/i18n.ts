// Sets up translations: Swedish by default and as fallback, English on request, the choice kept
// in local storage under 'language' (SPEC §1) and mirrored in <html lang>. The Swedish texts of
// the first screen come with the app's first chunk; every other catalogue (one per language and
// namespace) is fetched when first needed — a screen's with its code (app/route-preload.ts) — so
// the sign-in screen carries no other screen's texts (docs/web-loading.md). Tests hand in all.
import { isLanguage, LANGUAGES, type Language } from '@portal/contracts/domain';
import i18next, { type BackendModule, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import svAuth from '../locales/sv/auth.json';
import sv from '../locales/sv/translation.json';

export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LANGUAGE: Language = 'sv';
export const SUPPORTED_LANGUAGES = LANGUAGES;

/** One catalogue per area: translation (shell, shared), auth (public screens), account (profile,
 * users), organizations, properties (list, forms, overview), areas (inside a property), devices
 * (an area's devices, the device log), images (a device's photos), pinCodes (a door's or keypad's
 * PIN codes), energy (the energy views: figures, classes, the overview's and dashboard's energy),
 * errors (the API's domain codes, lib/api-errors), forms (a broken rule of the contract,
 * lib/form-issues) and charts (the energy charts and the period picker, components/charts and
 * components/period-picker), prices (a property's prices, features/prices), wifi (a property's
 * WiFi networks, features/wifi) and exports (a property's data export and its history,
 * features/exports). */
export const NAMESPACES = [
  'translation',
  'auth',
  'account',
  'organizations',
  'properties',
  'areas',
  'devices',
  'pinCodes',
  'images',
  'energy',
  'errors',
  'forms',
  'charts',
  'prices',
  'wifi',
  'exports',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Bundled: the shared texts and the public screens' in Swedish, which every visitor needs at
 * start — as the language shown, or as the fallback i18next loads beside English.
 */
const FIRST_SCREEN = { sv: { translation: sv, auth: svAuth } } satisfies Resource;
/**
 * Their namespaces, which i18next then also fetches for another language: at start in English,
 * and before it shows a new language (it fetches only the namespaces it was told of).
 */
const FIRST_SCREEN_NAMESPACES = Object.keys(FIRST_SCREEN.sv);

/** Each other catalogue is a chunk of its own, fetched on first use. */
const catalogueFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  import: 'default',
});

/** The catalogue of one namespace in one language. */
export function loadCatalogue(
  language: string,
  namespace: string,
): Promise<Record<string, unknown>> {
  const load = catalogueFiles[`../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No catalogue ${language}/${namespace}.`));
}

/** i18next's way to reach loadCatalogue; a failed fetch is tried again (i18next waits 350 ms,
 * doubling, up to 5 times) before the texts show as their keys. */
const fetchedCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadCatalogue(language, namespace).then(
      (catalogue) => callback(null, catalogue),
      // `true`: worth another try (a phone in a basement loses the odd request).
      (error: Error) => callback(error, true),
    );
  },
};

export function savedLanguage(storage?: Storage): Language {
  try {
    const saved = (storage ?? localStorage).getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    // Storage blocked (private mode, strict settings): the default language, not a blank page.
    return DEFAULT_LANGUAGE;
  }
}

export type I18nOptions = {
  /** Every catalogue up front (tests), ready at once; without it they are fetched as needed. */
  resources?: Resource;
};

export function createI18n(
  language: Language = savedLanguage(),
  { resources }: I18nOptions = {},
): i18n {
  const instance = i18next.createInstance();
  if (!resources) instance.use(fetchedCatalogues);
  const showTitle = () => {
    document.title = instance.t('app.name');
  };
  document.documentElement.lang = language;
  instance.use(initReactI18next).init(
    {
      resources: resources ?? FIRST_SCREEN,
      // Without `resources` handed in, what is not bundled comes from fetchedCatalogues.
      partialBundledLanguages: !resources,
      ns: FIRST_SCREEN_NAMESPACES,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    },
    // Once 'translation' is there (at once in Swedish or when the catalogues were handed in).
    showTitle,
  );
  instance.on('languageChanged', (next) => {
    // The start itself is no choice: nothing is stored for it.
    if (!instance.isInitialized) return;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Storage blocked: the choice lasts for this visit only.
    }
    document.documentElement.lang = next;
    showTitle();
  });
  return instance;
}

/** The language currently shown, narrowed to the ones the portal supports. */
export function currentLanguage(instance: i18n): Language {
  const shown = instance.resolvedLanguage ?? instance.language;
  return isLanguage(shown) ? shown : DEFAULT_LANGUAGE;
}
