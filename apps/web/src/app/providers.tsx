// Everything a screen needs around it: the store, translations and the UI kit's theme.
import '@mantine/core/styles.css';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});

/** The kit's dimmed grey (gray.6) fails WCAG AA contrast on white; gray.7 passes. */
const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-dimmed': current.colors.gray[7] ?? '#495057' },
  dark: {},
});

/**
 * The server gives each page a fresh nonce (strict CSP, no 'unsafe-inline'); the UI kit stamps
 * it on the few style elements it creates so the browser accepts them.
 */
function cspNonce() {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
}

export function AppProviders({
  store,
  i18n,
  children,
}: {
  store: AppStore;
  i18n: i18n;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={theme}
          getStyleNonce={cspNonce}
          cssVariablesResolver={cssVariablesResolver}
        >
          {children}
        </MantineProvider>
      </I18nextProvider>
    </Provider>
  );
}
