// A gateway's ingestion key, the one time it is shown (on creation or renewal, DESIGN §5): the
// warning that it will not be shown again, the key to select or copy, and a confirmation that it
// has been saved before the screen moves on. The key lives only in this panel's props.
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Copying = 'idle' | 'copied' | 'failed';

export function GatewayKeyPanel({
  gatewayKey,
  onDone,
}: {
  gatewayKey: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('devices');
  const [copying, setCopying] = useState<Copying>('idle');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The form or button that led here is gone: the reader continues at the key, not at the top.
    heading.current?.focus();
    // Reloading or closing the tab would lose the key for good: the browser asks first.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  async function copy() {
    try {
      // Absent outside a secure context (http on a LAN address): the same as refused.
      await navigator.clipboard.writeText(gatewayKey);
      setCopying('copied');
    } catch {
      setCopying('failed');
    }
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} ref={heading} tabIndex={-1}>
          {t('key.title')}
        </Title>
        {/* Read out on arrival: the key is lost once the panel is gone. */}
        <Alert color="orange.9" variant="light" role="alert">
          {t('key.text')}
        </Alert>
        <TextInput
          label={t('key.label')}
          value={gatewayKey}
          readOnly
          size="md"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group gap="sm">
          <Button variant="outline" color="blue.8" size="md" onClick={() => void copy()}>
            {t('key.copy')}
          </Button>
          <Text size="sm" role="status" c={copying === 'failed' ? 'red.9' : 'teal.9'}>
            {copying === 'copied'
              ? t('key.copied')
              : copying === 'failed'
                ? t('key.copyFailed')
                : ''}
          </Text>
        </Group>
        <Button color="blue.8" size="md" onClick={onDone}>
          {t('key.done')}
        </Button>
      </Stack>
    </Card>
  );
}
