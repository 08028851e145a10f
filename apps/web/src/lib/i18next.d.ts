// Makes translation keys typed: t('nav.oops') is a type error. English is the shape; a test
// checks that Swedish has exactly the same keys.
import 'i18next';
import type enAccount from '../locales/en/account.json';
import type enAreas from '../locales/en/areas.json';
import type enAuth from '../locales/en/auth.json';
import type enCharts from '../locales/en/charts.json';
import type enDevices from '../locales/en/devices.json';
import type enEnergy from '../locales/en/energy.json';
import type enErrors from '../locales/en/errors.json';
import type enExports from '../locales/en/exports.json';
import type enForms from '../locales/en/forms.json';
import type enImages from '../locales/en/images.json';
import type enOrganizations from '../locales/en/organizations.json';
import type enPinCodes from '../locales/en/pinCodes.json';
import type enPrices from '../locales/en/prices.json';
import type enProperties from '../locales/en/properties.json';
import type en from '../locales/en/translation.json';
import type enWifi from '../locales/en/wifi.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      auth: typeof enAuth;
      account: typeof enAccount;
      organizations: typeof enOrganizations;
      properties: typeof enProperties;
      areas: typeof enAreas;
      devices: typeof enDevices;
      pinCodes: typeof enPinCodes;
      images: typeof enImages;
      energy: typeof enEnergy;
      errors: typeof enErrors;
      forms: typeof enForms;
      charts: typeof enCharts;
      prices: typeof enPrices;
      wifi: typeof enWifi;
      exports: typeof enExports;
    };
    returnNull: false;
  }
}
