// The energy views' calls (DESIGN §4.4 "Energy views", docs/energy.md) as endpoints of the one api
// slice: a property's energy summary, solar production, comparisons and usage estimate, and the
// energy overview of several properties at once (the dashboard's cards, a property's overview).
// Every figure stands on the property's Atemp, heating carrier, Fgeo and type, so each answer goes
// with its property's cache tag: a changed property fetches them again.
import type { Compare, CompareQuery } from '@portal/contracts/compare';
import type { EnergyOverview } from '@portal/contracts/energy-overview';
import type { EnergySummary, EnergyYearQuery } from '@portal/contracts/energy-summary';
import type { Solar, SolarQuery } from '@portal/contracts/solar';
import type { UsageEstimate, UsageEstimateQuery } from '@portal/contracts/usage-estimate';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../../api/api-slice';
import { propertyUsageEstimatesTag, TAG } from '../../../api/tags';

/**
 * Seconds after which a screen shown again fetches an answer again: this month's use grows by the
 * hour as gateways report, while a year's figures hardly move; five minutes serves both.
 */
export const ENERGY_REFETCH_AFTER_S = 5 * 60;

type OfProperty<Query> = { propertyId: string } & Query;

const propertyUrl = (propertyId: string, view: string) =>
  `/properties/${encodeURIComponent(propertyId)}/${view}`;

/** Its property's own tag only (as the alerts): deleting the property asks for no 404. */
const propertyTag = (propertyId: string) => ({ type: TAG.properties, id: propertyId });

/** The query parameters given, without the ones left undefined (axios would send them empty). */
const given = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

export const energyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEnergySummary: build.query<EnergySummary, OfProperty<EnergyYearQuery>>({
      query: ({ propertyId, ...query }) => ({
        url: propertyUrl(propertyId, 'energy-summary'),
        params: given(query),
      }),
      providesTags: (_result, _error, { propertyId }) => [propertyTag(propertyId)],
    }),
    /** GET /energy-overview?propertyIds=a,b: one call for every property a screen shows. */
    getEnergyOverview: build.query<EnergyOverview, readonly string[]>({
      query: (propertyIds) => ({
        url: '/energy-overview',
        params: { propertyIds: propertyIds.join(',') },
      }),
      providesTags: (_result, _error, propertyIds) => propertyIds.map(propertyTag),
    }),
    getSolar: build.query<Solar, OfProperty<SolarQuery>>({
      query: ({ propertyId, ...query }) => ({
        url: propertyUrl(propertyId, 'solar'),
        params: given(query),
      }),
      providesTags: (_result, _error, { propertyId }) => [propertyTag(propertyId)],
    }),
    getCompare: build.query<Compare, OfProperty<CompareQuery>>({
      query: ({ propertyId, ...query }) => ({
        url: propertyUrl(propertyId, 'compare'),
        params: given(query),
      }),
      providesTags: (_result, _error, { propertyId }) => [propertyTag(propertyId)],
    }),
    /** Also tagged as the property's estimates: new prices (features/prices) make them stale. */
    getUsageEstimate: build.query<UsageEstimate, OfProperty<UsageEstimateQuery>>({
      query: ({ propertyId, ...query }) => ({
        url: propertyUrl(propertyId, 'usage-estimate'),
        params: given(query),
      }),
      providesTags: (_result, _error, { propertyId }) => [
        propertyTag(propertyId),
        propertyUsageEstimatesTag(propertyId),
      ],
    }),
  }),
});

const freshness = { refetchOnMountOrArgChange: ENERGY_REFETCH_AFTER_S } as const;

export const useEnergySummary = (propertyId: string, year: EnergyYearQuery['year']) =>
  energyApi.useGetEnergySummaryQuery({ propertyId, year }, freshness);

/**
 * The overview of these properties, in the order given (the same ids in the same order share one
 * request and one cache entry); none asks for nothing.
 */
export const useEnergyOverview = (propertyIds: readonly string[]) =>
  energyApi.useGetEnergyOverviewQuery(propertyIds.length > 0 ? propertyIds : skipToken, freshness);

export const useSolar = (propertyId: string, query: SolarQuery) =>
  energyApi.useGetSolarQuery({ propertyId, ...query }, freshness);

export const useCompare = (propertyId: string, query: CompareQuery) =>
  energyApi.useGetCompareQuery({ propertyId, ...query }, freshness);

export const useUsageEstimate = (propertyId: string, query: UsageEstimateQuery = {}) =>
  energyApi.useGetUsageEstimateQuery({ propertyId, ...query }, freshness);

/**
 * One property's part of the overview of `propertyIds` (the cards a screen shows, which share the
 * one call): a card re-renders only when its own part changes.
 */
export const usePropertyEnergyGlance = (propertyId: string, propertyIds: readonly string[]) =>
  energyApi.useGetEnergyOverviewQuery(propertyIds.length > 0 ? propertyIds : skipToken, {
    ...freshness,
    selectFromResult: ({ currentData, isLoading, isFetching, isError }) => ({
      glance: currentData?.properties.find((glance) => glance.propertyId === propertyId),
      answered: currentData !== undefined,
      isLoading: isLoading || (isFetching && currentData === undefined),
      isError,
    }),
  });
