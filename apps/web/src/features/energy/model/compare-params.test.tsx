// The compare screen's choices in the address: read with fallbacks, turned into the call's query
// (only what the kind reads), and written beside the period's params without losing a choice made
// before the router's navigation landed.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { compareQueryOf, readCompareParams, useCompareParams } from './compare-params';

const WINDOW = { period: 'month', date: '2026-11-01' } as const;

describe('readCompareParams', () => {
  it('reads each choice, falling back to the default one by one', () => {
    expect(readCompareParams(new URLSearchParams('kind=main&type=cw&areaType=x'))).toEqual({
      kind: 'main',
      type: 'cw',
      areaType: undefined,
      against: 'lastYear',
    });
  });
});

describe('compareQueryOf', () => {
  const choice = { kind: 'areas', type: 'hw', areaType: 'apt', against: 'previous' } as const;

  it('asks for what each kind reads, nothing else', () => {
    expect(compareQueryOf(choice, WINDOW)).toEqual({
      ...WINDOW,
      kind: 'areas',
      type: 'hw',
      areaType: 'apt',
    });
    expect(compareQueryOf({ ...choice, kind: 'periods' }, WINDOW)).toEqual({
      ...WINDOW,
      kind: 'periods',
      against: 'previous',
    });
    expect(compareQueryOf({ ...choice, kind: 'main' }, WINDOW)).toEqual({
      ...WINDOW,
      kind: 'main',
      type: 'hw',
    });
  });
});

describe('useCompareParams', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/compare?period=year&date=2025-01-01']}>
      {children}
    </MemoryRouter>
  );

  it('keeps two choices made before the address changed, and the period beside them', () => {
    const { result } = renderHook(
      () => ({ params: useCompareParams(), search: useLocation().search }),
      { wrapper },
    );
    act(() => {
      // Both from the same render, as two quick changes are.
      const { choose } = result.current.params;
      choose({ type: 'hw' });
      choose({ areaType: 'apt' });
    });
    expect(Object.fromEntries(new URLSearchParams(result.current.search))).toEqual({
      period: 'year',
      date: '2025-01-01',
      type: 'hw',
      areaType: 'apt',
    });
    act(() => result.current.params.choose({ areaType: undefined }));
    expect(new URLSearchParams(result.current.search).has('areaType')).toBe(false);
    expect(result.current.params.choice.type).toBe('hw');
  });
});
