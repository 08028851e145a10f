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
export type PreloadableScreen = ComponentType & { preload: () => void };

export function lazyScreen(
  load: () => Promise<ScreenModule>,
  timeoutMs = SCREEN_LOAD_TIMEOUT_MS,
): PreloadableScreen {
  // Kept across visits so a loaded screen shows at once; replaced only when the user retries.
  let Screen = lazy(() => loadWithin(load, timeoutMs));

  function LazyScreen() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Screen = lazy(() => loadWithin(load, timeoutMs));
      setAttempt((count) => count + 1);
    };
    return (
      <ScreenLoadBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<Loading />}>
          <Screen />
        </Suspense>
      </ScreenLoadBoundary>
    );
  }
  // The module loader keeps what it fetched: showing the screen later takes the same module.
  // A failure here is left to the screen's own loading, which shows it and offers a retry.
  const preload = () => {
    load().catch(() => {});
  };
  return Object.assign(LazyScreen, { preload });
}

/** Whether a route's component is a lazily loaded screen. */
export const isLazyScreen = (component: unknown): component is PreloadableScreen =>
  typeof component === 'function' && typeof (component as PreloadableScreen).preload === 'function';
