// The first visit: 'Laddar...' until the lazily loaded shell and screen have arrived. On its own,
// because it imports the route table afresh (vi.resetModules), which would hand later tests of the
// same file a second copy of the api slice and HTTP client.
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { signedInStore } from '../test/store';

afterEach(() => {
  vi.useRealTimers();
});

it("shows 'Laddar...' until its screens have loaded, then greets the user", async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 5, 10, 14));
  // A fresh import: the screens' code has not been loaded by an earlier test.
  vi.resetModules();
  const { routes } = (await import('./router')) as { routes: RouteObject[] };
  renderWithProviders('/', { store: signedInStore(), routes });

  expect(screen.getByText('Laddar...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
    /^(God morgon|God eftermiddag|God kväll), Karin$/,
  );
  expect(screen.queryByText('Laddar...')).not.toBeInTheDocument();
});
