// The frame a view of one property stands in (its energy views, WiFi, data export): the view's
// name above the property's, a way back to the overview, and the property's own states — not
// found for one the user cannot see, 'Something went wrong' with a retry under the view's name.
// The property comes from the cache the shell fills, so the view's own call need not wait for it.
// Each feature names its texts from its own catalogue.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGetPropertyQuery } from '../api/properties';
import { paths } from '../config/paths';
import { NotFoundFrame } from './not-found-frame';
import { QueryState } from './query-state';
import { BREAK_LONG_WORDS } from './text-styles';

export type PropertyViewTexts = {
  /** The view's name, above the property's (and the heading when the property cannot be had). */
  view: string;
  /** What could not be fetched, under 'Something went wrong'. */
  failedText: string;
  failed: string;
  notFound: string;
  notFoundText: string;
  /** The link back to the properties from not found. */
  back: string;
  /** The link to the property's overview under its name. */
  toOverview: string;
};

export function PropertyViewFrame({
  propertyId,
  texts,
  children,
}: {
  propertyId: string;
  texts: PropertyViewTexts;
  /** The view below its heading, once the property is there. */
  children: (property: Property) => ReactNode;
}) {
  const property = useGetPropertyQuery(propertyId);
  return (
    <QueryState
      queries={[property]}
      notFound={
        <NotFoundFrame
          title={texts.notFound}
          text={texts.notFoundText}
          backTo={paths.properties.href()}
          backLabel={texts.back}
        />
      }
      failed={{ title: texts.failed, text: texts.failedText }}
      failedFrame={(alert) => (
        <Stack gap="lg">
          <Title order={1}>{texts.view}</Title>
          {alert}
        </Stack>
      )}
    >
      {() =>
        property.data && (
          <Stack gap="lg">
            <Stack gap={2}>
              <Text size="sm" c="dimmed" fw={600}>
                {texts.view}
              </Text>
              <Title order={1} style={BREAK_LONG_WORDS}>
                {property.data.name}
              </Title>
              <Anchor
                component={Link}
                to={paths.propertyOverview.href(propertyId)}
                c="blue.8"
                size="sm"
              >
                {texts.toOverview}
              </Anchor>
            </Stack>
            {children(property.data)}
          </Stack>
        )
      }
    </QueryState>
  );
}
