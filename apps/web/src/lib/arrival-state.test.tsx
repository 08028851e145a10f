// The message handed over in the router's location state: shown on arrival, taken out of the
// history entry at once (a reload or the back button does not repeat it), dismissable, and a
// state that carries no such message left alone.
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stateField, useArrivalState } from './arrival-state';

const messageIn = (state: unknown) => {
  const message = stateField(state, 'message');
  return typeof message === 'string' ? message : undefined;
};

function Screen() {
  const [message, dismiss] = useArrivalState(messageIn);
  return (
    <>
      <p>{message ?? 'no message'}</p>
      <button type="button" onClick={dismiss}>
        dismiss
      </button>
    </>
  );
}

function renderAt(state: unknown) {
  const router = createMemoryRouter([{ path: '/screen', element: <Screen /> }], {
    initialEntries: [{ pathname: '/screen', search: '?q=1', state }],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useArrivalState', () => {
  it('shows the message and clears it from the history entry, keeping the address', async () => {
    const router = renderAt({ message: 'Property created' });
    expect(screen.getByText('Property created')).toBeVisible();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location).toMatchObject({ pathname: '/screen', search: '?q=1' });
    // Still shown while the screen is.
    expect(screen.getByText('Property created')).toBeVisible();
  });

  it('forgets the message when dismissed', () => {
    renderAt({ message: 'Property created' });
    act(() => screen.getByRole('button', { name: 'dismiss' }).click());
    expect(screen.getByText('no message')).toBeVisible();
  });

  it("leaves a state that carries no message alone (another screen's)", async () => {
    const router = renderAt({ organizationId: 'o1' });
    expect(screen.getByText('no message')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.state).toEqual({ organizationId: 'o1' });
  });

  it.each([null, undefined, 'text', 42, { message: 7 }])('finds no message in %j', (state) => {
    renderAt(state);
    expect(screen.getByText('no message')).toBeVisible();
  });
});
