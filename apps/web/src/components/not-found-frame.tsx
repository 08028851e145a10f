// The frame of every 'not found' page: a heading, what happened, and one way on. The API answers
// 404 for what is gone and for what lies outside the user's organizations alike.
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundFrame({
  title,
  text,
  backTo,
  backLabel,
}: {
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Title order={1}>{title}</Title>
      <Text>{text}</Text>
      <Button component={Link} to={backTo} variant="light">
        {backLabel}
      </Button>
    </Stack>
  );
}
