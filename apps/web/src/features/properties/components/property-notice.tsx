// The property screens' messages: the one a screen hands the next in the router's location state
// (creating or editing ends on the overview, deleting on the list; lib/arrival-state clears it on
// arrival), and SPEC §8's 'Something went wrong' when fetching fails.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { stateField } from '../../lib/arrival-state';

const PROPERTY_NOTICES = ['created', 'updated', 'deleted'] as const;
export type PropertyNotice = (typeof PROPERTY_NOTICES)[number];
/** The location state to navigate with so the next screen shows the notice. */
export type ArrivalState = { propertyNotice?: PropertyNotice };

/** The notice a location state carries, if any. */
export function propertyNoticeIn(state: unknown): PropertyNotice | undefined {
  const notice = stateField(state, 'propertyNotice');
  return PROPERTY_NOTICES.find((known) => known === notice);
}

/** Fetching failed: SPEC §8's 'Something went wrong', what could not be had, and a retry. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('properties');
  return (
    <Alert color="red" role="alert" title={t('load.failed')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button variant="outline" color="red.9" size="xs" onClick={onRetry}>
          {t('load.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
