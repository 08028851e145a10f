// An export's file as its history shows it: while it is being made, its progress (asked for every
// second until it is ready or has failed); once ready, 'Download' with the day it is removed; if it
// failed, why in words and 'Try again' with the same choices. The download goes by a ticket and a
// plain link where it can, straight to disk (api/exports-api.ts, docs/export-web.md).
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { Export } from '@portal/contracts/exports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShare } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import {
  downloadExportFile,
  EXPORT_POLL_MS,
  exportsApi,
  isUnfinished,
  useCreateExportMutation,
} from '../api/exports-api';
import { exportFailureOf } from '../model/export-failure';
import { useExportTexts } from '../model/export-texts';

/** After this long the export is asked for less often: a long file's progress moves slowly. */
const PATIENT_AFTER_MS = 30_000;
const PATIENT_POLL_MS = 5_000;

/**
 * Asks for the export every second while it is being made (every five after half a minute, and not
 * while the tab is in the background), and no more once an answer says it is finished or the
 * export cannot be had (removed, or the member gone). Each answer replaces the export in the
 * history (api/exports-api), where the row then shows the file instead, and this goes with the
 * progress bar.
 */
function Poll({ id }: { id: string }) {
  const [since] = useState(() => Date.now());
  const { data, isError } = exportsApi.endpoints.getExport.useQueryState(id);
  const finished = (data !== undefined && !isUnfinished(data)) || isError;
  const patient = Date.now() - since > PATIENT_AFTER_MS;
  exportsApi.endpoints.getExport.useQuerySubscription(id, {
    pollingInterval: finished ? 0 : patient ? PATIENT_POLL_MS : EXPORT_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  return null;
}

function Building({ item }: { item: Export }) {
  const { t, i18n } = useTranslation('exports');
  const percent = formatShare(item.progress, currentLanguage(i18n));
  const label =
    item.status === 'pending' ? t('history.pending') : t('history.running', { percent });
  return (
    <Stack gap={4} miw={140}>
      <Poll id={item.id} />
      <Progress
        value={Math.round(item.progress * 100)}
        animated
        striped
        aria-label={t('history.progressLabel')}
        aria-valuetext={label}
      />
      <Text size="sm" aria-live="polite">
        {label}
      </Text>
    </Stack>
  );
}

function Download({ item, timeZone }: { item: Export; timeZone: string }) {
  const { t } = useTranslation('exports');
  const texts = useExportTexts(timeZone);
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const name = item.fileName ?? `export-${item.from}-${item.to}.${item.style}`;
  const expired = Date.parse(item.expiresAt) <= Date.now();

  async function download(url: string) {
    setDownloading(true);
    setFailed(false);
    try {
      await downloadExportFile({ id: item.id, url }, name);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  }

  if (expired || !item.url) return <Text size="sm">{t('history.expired')}</Text>;
  const url = item.url;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-md"
          color="blue.8"
          loading={downloading}
          onClick={() => void download(url)}
          aria-label={t('history.downloadNamed', { name })}
        >
          {t('history.download')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('history.expires', { date: texts.day(item.expiresAt) })}
      </Text>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {t('history.downloadFailed')}
        </Text>
      )}
    </Stack>
  );
}

function Failed({ item }: { item: Export }) {
  const { t } = useTranslation('exports');
  const [createExport, retry] = useCreateExportMutation();
  const { propertyId, areas, areaTypes, from, to, types, style, resolution, fields } = item;
  return (
    <Stack gap={4}>
      <Text size="sm" c="red.8">
        {t('history.failed')}
      </Text>
      <Group>
        <Button
          size="compact-sm"
          variant="default"
          loading={retry.isLoading}
          // Once tried again, the new export is at the top of the history: no second one.
          disabled={retry.isSuccess}
          onClick={() =>
            void createExport({
              propertyId,
              areas,
              areaTypes,
              from,
              to,
              types,
              style,
              resolution,
              fields,
              language: item.language,
            })
          }
        >
          {t('history.retry')}
        </Button>
      </Group>
      {retry.isError && (
        <Text size="sm" c="red.8" role="alert">
          {exportFailureOf(retry.error).reason === 'underway'
            ? t('messages.underway')
            : t('messages.server')}
        </Text>
      )}
    </Stack>
  );
}

export function ExportFile({ item, timeZone }: { item: Export; timeZone: string }) {
  if (isUnfinished(item)) return <Building item={item} />;
  if (item.status === 'failed') return <Failed item={item} />;
  return <Download item={item} timeZone={timeZone} />;
}
