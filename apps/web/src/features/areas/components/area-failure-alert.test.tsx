// The reason a failed area call gives, in both languages: the connection for a call that got no
// answer, the server for a server failure (5xx), and the permission title for a refused role.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../../../test/render';
import type { AreaFailure } from '../model/area-failure';
import { areaFailureOf } from '../model/area-failure';
import { AreaFailureAlert } from './area-failure-alert';

function renderAlert(failure: AreaFailure, language: 'sv' | 'en' = 'sv') {
  renderComponent(
    <AreaFailureAlert failure={failure} title="Failed" forbiddenTitle="Forbidden" />,
    { language },
  );
  return screen.getByRole('alert');
}

const apiError = (statusCode: number) => ({ statusCode, error: 'E', message: 'x' });

describe('the reason of a failed area call', () => {
  it.each([
    [500, 'sv', 'Något gick fel på servern. Försök igen om en stund.'],
    [503, 'sv', 'Något gick fel på servern. Försök igen om en stund.'],
    [500, 'en', 'Something went wrong on the server. Try again in a moment.'],
    [502, 'en', 'Something went wrong on the server. Try again in a moment.'],
  ] as const)('a server failure (%d) is the server, in %s', (status, language, text) => {
    const alert = renderAlert(areaFailureOf(apiError(status)), language);
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveTextContent('Failed');
    expect(alert).not.toHaveTextContent(/anslutningen|connection/);
  });

  it.each([
    ['sv', 'Kontrollera anslutningen och försök igen.'],
    ['en', 'Check your connection and try again.'],
  ] as const)('no answer at all is the connection, in %s', (language, text) => {
    const alert = renderAlert(areaFailureOf(apiError(0)), language);
    expect(alert).toHaveTextContent(text);
    expect(alert).not.toHaveTextContent(/server/);
  });

  it.each([
    ['sv', 'En fastighet kan ha högst 5 000 utrymmen.'],
    ['en', 'A property can have at most 5,000 areas.'],
  ] as const)('a full property says how many areas it may have, in %s', (language, text) => {
    const full = {
      statusCode: 409,
      error: 'Conflict',
      message: 'A property can have at most 5000 areas.',
      code: 'PROPERTY_FULL' as const,
      details: { limit: 5000 },
    };
    expect(renderAlert(areaFailureOf(full, { range: true }), language)).toHaveTextContent(text);
  });

  it('a refused role gets the permission title instead', () => {
    const alert = renderAlert(areaFailureOf(apiError(403)));
    expect(alert).toHaveTextContent('Forbidden');
    expect(alert).not.toHaveTextContent('Failed');
  });
});
