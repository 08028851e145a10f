// Layout pieces of the public screens: the heading with its introduction, and the links below a
// form to the other public screens.
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function ScreenHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children && <Text c="dimmed">{children}</Text>}
    </Stack>
  );
}

/**
 * A line like "New to the portal? Create an account", the link part following the router; on a
 * coloured background (an alert) the link takes a darker `color` to stay readable.
 */
export function ScreenLink({
  to,
  label,
  lead,
  color,
}: {
  to: string;
  label: string;
  lead?: string;
  color?: string;
}) {
  return (
    <Group gap={6} justify="center" wrap="wrap">
      {lead && (
        <Text size="sm" c="dimmed" span>
          {lead}
        </Text>
      )}
      <Anchor component={Link} to={to} size="sm" c={color}>
        {label}
      </Anchor>
    </Group>
  );
}
