// What a screen shows for one or more queries before it can show their data, always in the same
// order: 'Loading...' while any loads, the not-found page when any answered 404, and a failure with
// a retry (of the ones that failed) otherwise. Written once here instead of in every screen.
import type { ReactNode } from 'react';
import { isNotFound } from '../lib/api-errors';
import { LoadFailed } from './load-failed';
import { Loading } from './loading';

/** The part of an RTK Query hook's result this needs. */
export type QueryLike = {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  data?: unknown;
  refetch: () => unknown;
};

type Failed = { title: string; text?: string };

export function QueryState({
  queries,
  notFound,
  failed,
  failedFrame = (alert) => alert,
  loading,
  children,
}: {
  queries: QueryLike[];
  /** Shown when a query answered 404; without it a 404 is a failure like any other. */
  notFound?: ReactNode;
  /** The failure's title (SPEC §8's message) and what could not be had. */
  failed: Failed;
  /** Puts the failure in the screen's frame (its heading, a way back). */
  failedFrame?: (alert: ReactNode) => ReactNode;
  /** Shown while loading instead of 'Loading...' (placeholders of the content's size). */
  loading?: ReactNode;
  /** Rendered once every query has its data. */
  children: () => ReactNode;
}) {
  if (notFound !== undefined && queries.some((query) => isNotFound(query.error))) return notFound;
  if (queries.some((query) => query.isLoading)) return loading ?? <Loading />;
  // A refetch that failed keeps showing what was fetched before.
  if (queries.some((query) => query.isError && query.data === undefined))
    return failedFrame(
      <LoadFailed
        title={failed.title}
        text={failed.text}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />,
    );
  return children();
}
