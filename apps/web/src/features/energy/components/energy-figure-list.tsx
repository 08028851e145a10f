// A list of labelled figures (a description list): the label, the value large or plain, and a
// line on what it means. The energy summary's key figures, its coverage and what it leaves out.
import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Figure = {
  /** Stable among the list's figures. */
  key: string;
  label: string;
  value: ReactNode;
  hint?: string;
};

export function EnergyFigureList({
  figures,
  prominent = false,
}: {
  figures: Figure[];
  /** The values large, as the summary's key figures. */
  prominent?: boolean;
}) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" m={0}>
      {figures.map((figure) => (
        <Box key={figure.key}>
          <Text component="dt" size="sm" c="dimmed" fw={600}>
            {figure.label}
          </Text>
          <Text component="dd" m={0} size={prominent ? 'xl' : 'md'} fw={prominent ? 700 : 400}>
            {figure.value}
          </Text>
          {figure.hint && (
            <Text component="dd" m={0} size="xs" c="dimmed">
              {figure.hint}
            </Text>
          )}
        </Box>
      ))}
    </SimpleGrid>
  );
}
