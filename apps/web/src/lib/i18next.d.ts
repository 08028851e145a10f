// Makes translation keys typed: t('nav.oops') is a type error. English is the shape; a test
// checks that Swedish has exactly the same keys.
import 'i18next';
import type en from '../locales/en/translation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}
