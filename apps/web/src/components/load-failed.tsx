// A fetch that failed (SPEC §8's message as the title), what could not be had, and a retry.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadFailed({
  title,
  text,
  onRetry,
}: {
  title: string;
  text?: string;
  /** Given, the alert offers 'Try again'. */
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        {text && <Text size="sm">{text}</Text>}
        {onRetry && (
          <Button variant="outline" color="red.9" size="xs" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
