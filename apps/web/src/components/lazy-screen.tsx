// Loads a screen's code only when it is first shown, with 'Loading...' meanwhile. A screen that
// has not arrived within SPEC §9's time-out (or whose download failed) offers a retry. `preload`
// fetches the code before the screen is shown (app/route-preload.ts), so a layout and the screen
// inside it load side by side rather than one after the other.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREEN_LOAD_TIMEOUT_MS } from '../config/env';
import { Loading } from './loading';

type ScreenModule = { default: ComponentType };

/** A screen's code could not be had; anything else a screen throws is not this boundary's. */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('The screen could not be loaded', { cause });
    this.name = 'ScreenLoadError';
  }
}

function loadWithin(load: () => Promise<ScreenModule>, timeoutMs: number): Promise<ScreenModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadError('timed out')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ScreenLoadError(error));
      },
    );
  });
}

function ScreenLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('screenLoad.failedTitle')} role="alert" my="xl">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('screenLoad.failedText')}</Text>
        <Button onClick={onRetry} variant="light" color="red">
          {t('screenLoad.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

type BoundaryProps = { children: ReactNode; onRetry: () => void };

class ScreenLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(error: unknown) {
    if (error instanceof ScreenLoadError) return { failed: true };
    throw error;
  }

  override render() {
    return this.state.failed ? (
      <ScreenLoadFailed onRetry={this.props.onRetry} />
    ) : (
      this.props.children
    );
  }
}

/** A screen whose code loads when first shown, or earlier through `preload`. */
export type PreloadableScreen = ComponentType & {
  /** Starts loading the code; settles (never rejects) once it is in or has failed. */
  preload: () => Promise<void>;
};

export function lazyScreen(
  load: () => Promise<ScreenModule>,
  timeoutMs = SCREEN_LOAD_TIMEOUT_MS,
): PreloadableScreen {
  let loaded: ScreenModule | undefined;
  const loadOnce = () =>
    loadWithin(load, timeoutMs).then((module) => {
      loaded = module;
      return module;
    });
  // Kept across visits so a loaded screen shows at once; replaced only when the user retries.
  let loading: Promise<ScreenModule> | undefined;
  const startLoading = () => {
    loading ??= loadOnce();
    return loading;
  };
  let Screen = lazy(startLoading);

  function LazyScreen() {
    // Code already in (preloaded before the first render, or shown before) renders in the same
    // pass: a lazy component suspends once even then, and React reveals a suspended boundary at
    // most every 300 ms — a visible wait per layout. Chosen once per mount, so a screen never
    // changes type (and loses what was typed) when its code arrives.
    const [Preloaded] = useState(() => loaded?.default);
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      loading = undefined;
      Screen = lazy(startLoading);
      setAttempt((count) => count + 1);
    };
    if (Preloaded) return <Preloaded />;
    return (
      <ScreenLoadBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<Loading />}>
          <Screen />
        </Suspense>
      </ScreenLoadBoundary>
    );
  }
  // A failure here is left to the screen's own loading, which shows it and offers a retry.
  const preload = () =>
    startLoading().then(
      () => {},
      () => {},
    );
  return Object.assign(LazyScreen, { preload });
}

/** Whether a route's component is a lazily loaded screen. */
export const isLazyScreen = (component: unknown): component is PreloadableScreen =>
  typeof component === 'function' && typeof (component as PreloadableScreen).preload === 'function';
