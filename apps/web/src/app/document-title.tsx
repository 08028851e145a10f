// The document title of every screen, set in one place instead of in each screen: the names of
// what the screen shows where there are any (an area, its property), the screen's own part from
// its route's handle (router.tsx) and the portal's name, most specific first —
// 'Solrosen 1 · Översikt · Fastighetsportalen'. It follows the language shown.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type en from '../locales/en/translation.json';

export type TitleKey = keyof typeof en.titles;

/** What a route of the table carries for its title. */
export type TitleHandle = { title: TitleKey };

/** The separator between the title's parts. */
export const TITLE_SEPARATOR = ' · ';

const isTitleHandle = (handle: unknown): handle is TitleHandle =>
  typeof handle === 'object' && handle !== null && 'title' in handle;

/** The title key of the deepest matched route that has one. */
export function useTitleKey(): TitleKey | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse())
    if (isTitleHandle(match.handle)) return match.handle.title;
  return undefined;
}

/**
 * Sets the title from the route's handle; `names` (most specific first, undefined while unknown)
 * stand before it, except on the not-found page, which names nothing.
 */
export function DocumentTitle({ names = [] }: { names?: (string | undefined)[] }) {
  const { t } = useTranslation();
  const key = useTitleKey();
  const parts = [
    ...(key && key !== 'notFound' ? names : []),
    key && t(`titles.${key}`),
    t('app.name'),
  ].filter((part): part is string => Boolean(part?.trim()));
  const title = parts.join(TITLE_SEPARATOR);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
