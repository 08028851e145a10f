// The navigation on its own, given the params a property or area route provides.
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../../test/render';
import { MainNavigation } from './main-navigation';

const AREA_ROUTE = 'property/:propertyId/area/:areaType/:areaId';

/** Renders the navigation at `url`, as the screen of a route with the pattern `pattern`. */
function renderNavigation(pattern: string, url: string, language: 'sv' | 'en' = 'sv') {
  const onNavigate = vi.fn();
  const rendered = renderComponent(
    <Routes>
      <Route path={pattern} element={<MainNavigation onNavigate={onNavigate} />} />
      <Route path="*" element={<p>Another page</p>} />
    </Routes>,
    { route: url, language },
  );
  const navigation = screen.getByRole('navigation', {
    name: language === 'sv' ? 'Huvudmeny' : 'Main menu',
  });
  return { ...rendered, navigation, onNavigate };
}

const linkNames = (navigation: HTMLElement) =>
  within(navigation)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('MainNavigation', () => {
  it('offers only the start page, the properties and the organizations outside a property', () => {
    const { navigation } = renderNavigation('properties', '/properties');
    expect(linkNames(navigation)).toEqual(['Start', 'Fastigheter', 'Organisationer']);
  });

  it('links the organizations to their list, marked current there but not on its subpages', () => {
    const { navigation } = renderNavigation('organizations', '/organizations');
    const organizations = within(navigation).getByRole('link', { name: 'Organisationer' });
    expect(organizations).toHaveAttribute('href', '/organizations');
    expect(organizations).toHaveAttribute('aria-current', 'page');
    const users = renderNavigation('organizations/users', '/organizations/users', 'en');
    expect(
      within(users.navigation).getByRole('link', { name: 'Organizations' }),
    ).not.toHaveAttribute('aria-current');
  });

  it("offers the property's pages in SPEC §2's order while a property is open", () => {
    const { navigation } = renderNavigation('property/:propertyId/usage', '/property/p1/usage');
    expect(linkNames(navigation)).toEqual([
      'Start',
      'Fastigheter',
      'Organisationer',
      'Utrymmen',
      'Jämför',
      'Uppskatta förbrukning',
      'Exportera data',
      'Solpaneler',
      'WiFi',
    ]);
  });

  it("links the property's pages to that property", () => {
    const { navigation } = renderNavigation('property/:propertyId', '/property/p%2F1');
    const link = (name: string) => within(navigation).getByRole('link', { name });
    expect(link('Utrymmen')).toHaveAttribute('href', '/property/p%2F1/area');
    expect(link('Jämför')).toHaveAttribute('href', '/property/p%2F1/compare');
    expect(link('Uppskatta förbrukning')).toHaveAttribute('href', '/property/p%2F1/usage');
    expect(link('Exportera data')).toHaveAttribute('href', '/property/p%2F1/data');
    expect(link('Solpaneler')).toHaveAttribute('href', '/property/p%2F1/solar-panel');
    expect(link('WiFi')).toHaveAttribute('href', '/property/p%2F1/wifi');
  });

  it('marks the page being shown as the current one', () => {
    const { navigation } = renderNavigation('property/:propertyId/compare', '/property/p1/compare');
    expect(within(navigation).getByRole('link', { name: 'Jämför' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(navigation).getByRole('link', { name: 'Start' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it("offers the area's devices while an area is open", () => {
    const { navigation } = renderNavigation(AREA_ROUTE, '/property/p1/area/apt/a1');
    expect(within(navigation).getByRole('link', { name: 'Enheter' })).toHaveAttribute(
      'href',
      '/property/p1/area/apt/a1/devices',
    );
  });

  it.each(['apt', 'bic', 'ent', 'sop', 'lau', 'misc'])(
    'offers devices for the area type %s',
    (areaType) => {
      const { navigation } = renderNavigation(AREA_ROUTE, `/property/p1/area/${areaType}/a1`);
      expect(within(navigation).getByRole('link', { name: 'Enheter' })).toBeVisible();
    },
  );

  it('offers no devices for an area type that does not exist, but still the property', () => {
    const { navigation } = renderNavigation(AREA_ROUTE, '/property/p1/area/xyz/a1');
    expect(within(navigation).getByRole('link', { name: 'Utrymmen' })).toBeVisible();
    expect(within(navigation).queryByRole('link', { name: 'Enheter' })).not.toBeInTheDocument();
  });

  it("uses SPEC §2's English labels in English", () => {
    const { navigation } = renderNavigation(AREA_ROUTE, '/property/p1/area/apt/a1', 'en');
    expect(linkNames(navigation)).toEqual([
      'Home',
      'Properties',
      'Organizations',
      'Areas',
      'Compare',
      'Estimate Usage',
      'Export Data',
      'Solar Panels',
      'WiFi',
      'Devices',
    ]);
  });

  it('tells the shell when the user follows a link, so a phone menu can close', async () => {
    const { navigation, onNavigate, user } = renderNavigation(
      AREA_ROUTE,
      '/property/p1/area/apt/a1',
    );
    await user.click(within(navigation).getByRole('link', { name: 'Enheter' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Another page')).toBeVisible();
  });
});
