// The period picker as a user meets it: the period named in the language, « and » across month,
// year and week boundaries, the choice kept in the address, and bad addresses falling back.
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../../test/render';
import { PeriodPicker } from './period-picker';
import { type PeriodParamsOptions, usePeriodParams } from './use-period-params';

/** A screen's use: the hook's answer in the picker, and the address it leaves. */
function Screen(options: PeriodParamsOptions) {
  const params = usePeriodParams(options);
  const location = useLocation();
  return (
    <>
      <PeriodPicker params={params} />
      <output data-testid="address">{location.search}</output>
      <output data-testid="query">{`${params.period} ${params.date}`}</output>
    </>
  );
}

function renderPicker(
  route: string,
  language: 'sv' | 'en' = 'sv',
  options: PeriodParamsOptions = {},
) {
  return renderComponent(<Screen timeZone="Europe/Stockholm" {...options} />, { route, language });
}

const shown = () =>
  screen.getByText((_, element) => element?.getAttribute('aria-live') === 'polite');
const address = () => screen.getByTestId('address').textContent;
const query = () => screen.getByTestId('query').textContent;

beforeEach(() => {
  // Only the clock: user-event's timers stay real. 22 November 2026, noon in Stockholm.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T11:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('PeriodPicker', () => {
  it('shows the month of the address and steps back across a year', async () => {
    const { user } = renderPicker('/?period=month&date=2026-01-15');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('month');
    expect(shown()).toHaveTextContent('januari 2026');
    await user.click(screen.getByRole('button', { name: 'Föregående period' }));
    expect(shown()).toHaveTextContent('december 2025');
    expect(address()).toBe('?period=month&date=2025-12-01');
    await user.click(screen.getByRole('button', { name: 'Nästa period' }));
    await user.click(screen.getByRole('button', { name: 'Nästa period' }));
    expect(address()).toBe('?period=month&date=2026-02-01');
    expect(shown()).toHaveTextContent('februari 2026');
  });

  it('does not step past the period holding today', async () => {
    const { user } = renderPicker('/?period=month&date=2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Nästa period' }));
    expect(shown()).toHaveTextContent('november 2026');
    expect(screen.getByRole('button', { name: 'Nästa period' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Föregående period' })).toBeEnabled();
  });

  it('names weeks by number and steps them across the turn of a year', async () => {
    const { user } = renderPicker('/?period=week&date=2026-01-01');
    expect(shown()).toHaveTextContent(/Vecka 1, 29 dec\. 2025\s?–\s?4 jan\. 2026/);
    await user.click(screen.getByRole('button', { name: 'Föregående period' }));
    expect(address()).toBe('?period=week&date=2025-12-22');
    expect(shown()).toHaveTextContent(/Vecka 52, 22\s?–\s?28 dec\. 2025/);
  });

  it('steps years and whole years', async () => {
    const { user } = renderPicker('/?period=totalYear&date=2026-05-05');
    expect(shown()).toHaveTextContent('2026');
    expect(screen.getByRole('button', { name: 'Nästa period' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Föregående period' }));
    expect(address()).toBe('?period=totalYear&date=2025-01-01');
  });

  it('keeps a new period in the address, with the day, and other parameters untouched', async () => {
    const { user } = renderPicker('/?types=heat&period=day&date=2026-03-29');
    expect(shown()).toHaveTextContent('sön 29 mars 2026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Vecka');
    expect(address()).toBe('?types=heat&period=week&date=2026-03-29');
    expect(shown()).toHaveTextContent(/Vecka 13, 23\s?–\s?29 mars 2026/);
  });

  it('reads the address it wrote back to the same view (a shared link, a reload)', async () => {
    const first = renderPicker('/?period=day&date=2026-03-01');
    await first.user.click(screen.getByRole('button', { name: 'Föregående period' }));
    const written = address();
    expect(written).toBe('?period=day&date=2026-02-28');
    const label = shown().textContent;
    first.unmount();
    renderPicker(`/${written}`);
    expect(shown().textContent).toBe(label);
    expect(query()).toBe('day 2026-02-28');
  });

  it('falls back to the default period and today where the address is not valid', () => {
    renderPicker('/?period=decade&date=2026-13-45', 'sv', { defaultPeriod: 'year' });
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('year');
    expect(query()).toBe('year 2026-11-22');
    expect(shown()).toHaveTextContent('2026');
  });

  it('has no steps for relative periods, and names today', () => {
    renderPicker('/?period=today&date=2020-01-01');
    expect(screen.queryByRole('button', { name: 'Föregående period' })).not.toBeInTheDocument();
    expect(shown()).toHaveTextContent('sön 22 nov. 2026');
  });

  it('offers only the screen’s periods, named in English', () => {
    renderPicker('/', 'en', { periods: ['day', 'thisMonth', 'lifetime'], defaultPeriod: 'day' });
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Day', 'This month', 'Lifetime']);
    expect(shown()).toHaveTextContent('Sun, 22 Nov 2026');
    expect(screen.getByRole('button', { name: 'Previous period' })).toBeEnabled();
  });

  it('picks a year from the kit’s calendar', async () => {
    const { user } = renderPicker('/?period=year&date=2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Visad period' }));
    await user.click(await screen.findByRole('button', { name: '2024' }));
    expect(address()).toBe('?period=year&date=2024-01-01');
    expect(shown()).toHaveTextContent('2024');
  });

  it('picks a week by any of its days, written as its Monday', async () => {
    const { user } = renderPicker('/?period=week&date=2026-11-16');
    expect(screen.getByRole('button', { name: 'Visad period' })).toHaveTextContent(
      /Vecka 47, 16\s?–\s?22 nov\. 2026/,
    );
    await user.click(screen.getByRole('button', { name: 'Visad period' }));
    await user.click(await screen.findByRole('button', { name: '11 november 2026' }));
    expect(address()).toBe('?period=week&date=2026-11-09');
    expect(shown()).toHaveTextContent(/Vecka 46/);
  });
});
