// SPEC §2 and §9: a screen shows 'Loading...' while its code loads, and one that has not
// arrived within the time-out (or whose download failed) offers a retry that loads it again.
import { screen } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_LOAD_TIMEOUT_MS } from '../config/env';
import { renderComponent } from '../test/render';
import { lazyScreen } from './lazy-screen';

type ScreenModule = { default: ComponentType };

const loaded: ScreenModule = { default: () => <h1>Fastighetens översikt</h1> };
const never = () => new Promise<ScreenModule>(() => {});

/** React logs every error a boundary catches; these tests cause such errors on purpose. */
const silenceErrorLogs = () => vi.spyOn(console, 'error').mockImplementation(() => {});

const crash = new Error('bug in the screen');
function Broken(): never {
  throw crash;
}

/** Stands in for the route's error element around a screen. */
class Outer extends Component<{ children: ReactNode; onError: (error: unknown) => void }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? <p>Outer error handling</p> : this.props.children;
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('lazyScreen', () => {
  it('shows the screen once its code has loaded', async () => {
    const Screen = lazyScreen(() => Promise.resolve(loaded), 1_000);
    renderComponent(<Screen />);
    expect(await screen.findByRole('heading', { name: 'Fastighetens översikt' })).toBeVisible();
  });

  it("shows 'Laddar...' while the code is loading", () => {
    const Screen = lazyScreen(never, 1_000);
    renderComponent(<Screen />);
    expect(screen.getByText('Laddar...')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the loading text in English when English is chosen', () => {
    const Screen = lazyScreen(never, 1_000);
    renderComponent(<Screen />, { language: 'en' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('offers a retry when the code has not arrived within the time-out', async () => {
    silenceErrorLogs();
    const Screen = lazyScreen(never, 50);
    renderComponent(<Screen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sidan kunde inte laddas');
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeVisible();
    expect(screen.queryByText('Laddar...')).not.toBeInTheDocument();
  });

  it('offers a retry when the download fails', async () => {
    silenceErrorLogs();
    const Screen = lazyScreen(() => Promise.reject(new Error('chunk failed')), 60_000);
    renderComponent(<Screen />);
    expect(await screen.findByText('Sidan kunde inte laddas')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  });

  it('loads the code again on retry and shows the screen when it now arrives', async () => {
    silenceErrorLogs();
    const load = vi
      .fn<() => Promise<ScreenModule>>()
      .mockImplementationOnce(never)
      .mockResolvedValue(loaded);
    const Screen = lazyScreen(load, 50);
    const { user } = renderComponent(<Screen />);

    await user.click(await screen.findByRole('button', { name: 'Försök igen' }));

    expect(await screen.findByRole('heading', { name: 'Fastighetens översikt' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the retry again when the second attempt fails as well', async () => {
    silenceErrorLogs();
    const load = vi.fn<() => Promise<ScreenModule>>().mockRejectedValue(new Error('offline'));
    const Screen = lazyScreen(load, 60_000);
    const { user } = renderComponent(<Screen />);

    await user.click(await screen.findByRole('button', { name: 'Försök igen' }));

    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Försök igen' })).toBeVisible();
  });

  it("shows a preloaded screen in its first render, with no 'Laddar...' in between", async () => {
    const Screen = lazyScreen(() => Promise.resolve(loaded), 1_000);
    await Screen.preload();
    renderComponent(<Screen />);
    expect(screen.getByRole('heading', { name: 'Fastighetens översikt' })).toBeVisible();
    expect(screen.queryByText('Laddar...')).not.toBeInTheDocument();
  });

  it('keeps a loaded screen: showing it again does not load it again', async () => {
    const load = vi.fn(() => Promise.resolve(loaded));
    const Screen = lazyScreen(load, 1_000);
    const first = renderComponent(<Screen />);
    await screen.findByRole('heading', { name: 'Fastighetens översikt' });
    first.unmount();

    renderComponent(<Screen />);
    expect(screen.getByRole('heading', { name: 'Fastighetens översikt' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a crash of the screen itself to the enclosing error handling, with no retry', async () => {
    silenceErrorLogs();
    const caught = vi.fn();
    const Screen = lazyScreen(() => Promise.resolve({ default: Broken }), 1_000);
    renderComponent(
      <Outer onError={caught}>
        <Screen />
      </Outer>,
    );

    expect(await screen.findByText('Outer error handling')).toBeInTheDocument();
    expect(caught).toHaveBeenCalledWith(crash);
    expect(screen.queryByRole('button', { name: 'Försök igen' })).not.toBeInTheDocument();
  });

  it('waits the full 120 s by default before giving up', async () => {
    silenceErrorLogs();
    expect(SCREEN_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const Screen = lazyScreen(never);
    renderComponent(<Screen />);
    expect(screen.getByText('Laddar...')).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(119_000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Laddar...')).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(1_000);
    expect(await screen.findByText('Sidan kunde inte laddas')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  });
});
