// Everything a screen needs around it: the store, translations and the UI kit's theme.
import './kit-styles.css';
import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  MantineProvider,
  parseThemeColor,
  rem,
  rgba,
  type VariantColorsResolver,
} from '@mantine/core';
import { setNonce } from 'get-nonce';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/**
 * The kit's 'light' variant of a colour named with its shade ('blue.9') paints the shade itself
 * under the colour's light text colour: blue on blue, unreadable (and axe cannot tell). 'Light'
 * means a tint of the shade under text of the shade, which keeps AA contrast for shades 8 and 9.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (input.variant === 'light' && parsed.isThemeColor && parsed.shade !== undefined)
    return {
      background: rgba(parsed.value, 0.1),
      hover: rgba(parsed.value, 0.16),
      color: parsed.value,
      border: `${rem(1)} solid transparent`,
    };
  return defaultVariantColorsResolver(input);
};

const theme = createTheme({
  variantColorResolver,
  primaryColor: 'blue',
  // blue.6 under white text and as link colour fails WCAG AA contrast; blue.8 passes.
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Dialogs, menus and notices appear without sliding or fading for people whose system asks
  // for reduced motion (WCAG 2.3.3).
  respectReducedMotion: true,
});

/** The kit's dimmed grey (gray.6) and error red (red.6) fail WCAG AA contrast on white. */
const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7] ?? '#495057',
    '--mantine-color-error': current.colors.red[9] ?? '#c92a2a',
  },
  dark: {},
});

/**
 * The server gives each page a fresh nonce (strict CSP, no 'unsafe-inline'); the UI kit stamps
 * it on the few style elements it creates so the browser accepts them.
 */
function cspNonce() {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
}
// Dialogs lock page scrolling with a style element of their own (react-remove-scroll), which
// takes its nonce from here.
if (typeof document !== 'undefined' && cspNonce()) setNonce(cspNonce());

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
