// The usage estimate as its route composes it: the estimate with the prices below it. A site
// manager's new heat price makes the estimate be fetched again, now with its cost in kronor.
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { firstAnswer } from '../../features/energy/test-energy';
import { anEstimate, answerUsageEstimate } from '../../features/energy/test-usage-estimate';
import { pricesApi } from '../../features/prices/test-prices';
import { karin } from '../../test/people';
import { propertiesApi, solrosen1 } from '../../test/properties';
import { renderComponent } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import PropertyUsageRoute from './property-usage';

const api = serveTestApi();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 24, 10, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a property's usage estimate with its prices", () => {
  it('shows the cost in kronor once a site manager has set a heat price', async () => {
    const prices = pricesApi(solrosen1.id);
    api.answer(
      firstAnswer(
        prices,
        answerUsageEstimate(solrosen1.id, () => anEstimate({}, 'heat' in prices.current().byType)),
        propertiesApi([solrosen1]),
      ),
    );
    const { user } = renderComponent(
      <Routes>
        <Route path={paths.propertyUsage.path} element={<PropertyUsageRoute />} />
      </Routes>,
      { route: paths.propertyUsage.href(solrosen1.id), store: signedInStore(karin) },
    );
    const heat = (await screen.findByRole('heading', { level: 2, name: 'Värme' })).closest(
      'section',
    ) as HTMLElement;
    expect(heat).toHaveTextContent('Inget pris är satt för värme');
    const form = await screen.findByRole('group', { name: 'Värme' });
    await user.type(within(form).getByRole('textbox', { name: 'Pris, kr/kWh' }), '0,95');
    await user.type(within(form).getByRole('textbox', { name: 'Fast del, kr/månad' }), '1200');
    await user.click(screen.getByRole('button', { name: 'Spara priserna' }));
    expect((await screen.findByText('Uppdaterat')).closest('[role="status"]')).toBeVisible();
    expect(await within(heat).findByText('184 200 kr')).toBeVisible();
  });
});
