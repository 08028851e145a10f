// Every catalogue of both languages, bundled: tests start i18n with them (createI18n's
// `resources`), so texts are there at once; the app fetches each as it is needed (lib/i18n).
import enAccount from '../locales/en/account.json';
import enAreas from '../locales/en/areas.json';
import enAuth from '../locales/en/auth.json';
import enCharts from '../locales/en/charts.json';
import enDevices from '../locales/en/devices.json';
import enEnergy from '../locales/en/energy.json';
import enErrors from '../locales/en/errors.json';
import enExports from '../locales/en/exports.json';
import enForms from '../locales/en/forms.json';
import enImages from '../locales/en/images.json';
import enOrganizations from '../locales/en/organizations.json';
import enPinCodes from '../locales/en/pinCodes.json';
import enPrices from '../locales/en/prices.json';
import enProperties from '../locales/en/properties.json';
import en from '../locales/en/translation.json';
import enWifi from '../locales/en/wifi.json';
import svAccount from '../locales/sv/account.json';
import svAreas from '../locales/sv/areas.json';
import svAuth from '../locales/sv/auth.json';
import svCharts from '../locales/sv/charts.json';
import svDevices from '../locales/sv/devices.json';
import svEnergy from '../locales/sv/energy.json';
import svErrors from '../locales/sv/errors.json';
import svExports from '../locales/sv/exports.json';
import svForms from '../locales/sv/forms.json';
import svImages from '../locales/sv/images.json';
import svOrganizations from '../locales/sv/organizations.json';
import svPinCodes from '../locales/sv/pinCodes.json';
import svPrices from '../locales/sv/prices.json';
import svProperties from '../locales/sv/properties.json';
import sv from '../locales/sv/translation.json';
import svWifi from '../locales/sv/wifi.json';

export const resources = {
  sv: {
    translation: sv,
    auth: svAuth,
    account: svAccount,
    organizations: svOrganizations,
    properties: svProperties,
    areas: svAreas,
    devices: svDevices,
    pinCodes: svPinCodes,
    images: svImages,
    energy: svEnergy,
    errors: svErrors,
    forms: svForms,
    charts: svCharts,
    prices: svPrices,
    wifi: svWifi,
    exports: svExports,
  },
  en: {
    translation: en,
    auth: enAuth,
    account: enAccount,
    organizations: enOrganizations,
    properties: enProperties,
    areas: enAreas,
    devices: enDevices,
    pinCodes: enPinCodes,
    images: enImages,
    energy: enEnergy,
    errors: enErrors,
    forms: enForms,
    charts: enCharts,
    prices: enPrices,
    wifi: enWifi,
    exports: enExports,
  },
} as const;
