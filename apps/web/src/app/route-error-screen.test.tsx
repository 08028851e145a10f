// A screen that crashes shows the error page instead of a blank page.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { signedInStore } from '../test/store';

vi.mock('./routes/dashboard', () => ({
  default: function CrashingDashboard(): never {
    throw new Error('bug in the dashboard');
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a screen that crashes', () => {
  it("shows 'Något gick fel' with a way to reload, and no retry of the download", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders('/', { store: signedInStore() });
    expect(await screen.findByRole('heading', { name: 'Något gick fel' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ladda om sidan' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Försök igen' })).not.toBeInTheDocument();
  });
});
