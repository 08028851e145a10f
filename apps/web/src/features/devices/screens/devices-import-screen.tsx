// Importing devices into an area from a CSV file (docs/devices.md "Importing devices"): the site
// manager chooses a file, the API checks it (every line that would fail, and why), and only a
// file without problems is added, all of it at once. The keys of gateways it made are shown once
// before going on to the area's devices, which say how many were added. The area comes from the
// route module (app/routes/area-devices-import), since features do not import each other.
import { Anchor, Button, Code, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import type { Area } from '@portal/contracts/areas';
import { MAX_IMPORT_LINES, type ImportPreview as Preview } from '@portal/contracts/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useImportDevicesMutation, usePreviewImportMutation } from '../../../api/devices';
import { SiteManagerOnly } from '../../../components/site-manager-only';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ImportFailureAlert } from '../components/import-failure-alert';
import { type GatewayKey, ImportGatewayKeys } from '../components/import-gateway-keys';
import { ImportPreview } from '../components/import-preview';
import { deviceNoticeState } from '../model/device-notice';
import { type ImportFailure, importFailureOf } from '../model/import-failure';
import {
  IMPORT_EXAMPLE,
  IMPORT_EXAMPLE_FILE_NAME,
  IMPORT_EXAMPLE_HREF,
  isTooLarge,
} from '../model/import-file';

type ShownFailure = { failure: Exclude<ImportFailure, { reason: 'problems' }>; title: string };

function ImportExample() {
  const { t } = useTranslation('devices');
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('import.example')}
      </Title>
      <Code block>{IMPORT_EXAMPLE}</Code>
      <Anchor href={IMPORT_EXAMPLE_HREF} download={IMPORT_EXAMPLE_FILE_NAME} c="blue.8" size="sm">
        {t('import.downloadExample')}
      </Anchor>
    </Stack>
  );
}

function ImportForm({ area }: { area: Area }) {
  const { t, i18n } = useTranslation('devices');
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [preview, setPreview] = useState<Preview>();
  const [shownFailure, setShownFailure] = useState<ShownFailure>();
  const [gatewayKeys, setGatewayKeys] = useState<{ keys: GatewayKey[]; count: number }>();
  const [previewImport, previewing] = usePreviewImportMutation();
  const [importDevices, importing] = useImportDevicesMutation();
  const devicesHref = paths.areaDevices.href(area.propertyId, area.areaType, area.id);
  /** What both calls send: the file, as a form, to the area. */
  const sending = (chosen: File) => ({ areaId: area.id, file: chosen, fileName: chosen.name });

  const goOn = (count: number) =>
    navigate(devicesHref, { state: deviceNoticeState({ kind: 'imported', count }) });

  function choose(next: File | null) {
    setFile(next);
    setPreview(undefined);
    setShownFailure(undefined);
    setFileError(next && isTooLarge(next) ? t('import.tooLarge') : undefined);
  }

  /** Lines refused (422) show as the preview's problems; anything else as an alert. */
  function fail(error: unknown, title: string) {
    const failure = importFailureOf(error);
    if (failure.reason !== 'problems') {
      setShownFailure({ failure, title });
      return;
    }
    const failing = new Set(failure.problems.map((problem) => problem.line));
    setPreview((current) => ({
      devices: (current?.devices ?? []).filter((device) => !failing.has(device.line)),
      problems: failure.problems,
    }));
  }

  async function check() {
    setShownFailure(undefined);
    if (!file) return setFileError(t('import.chooseFile'));
    if (isTooLarge(file)) return setFileError(t('import.tooLarge'));
    try {
      setPreview(await previewImport(sending(file)).unwrap());
    } catch (error) {
      fail(error, t('import.checkFailed'));
    }
  }

  async function add() {
    if (!file) return;
    setShownFailure(undefined);
    try {
      const { devices } = await importDevices({
        ...sending(file),
        propertyId: area.propertyId,
      }).unwrap();
      const keys = devices.flatMap(({ device, gatewayKey }) =>
        gatewayKey ? [{ device, gatewayKey }] : [],
      );
      if (keys.length > 0) setGatewayKeys({ keys, count: devices.length });
      else await goOn(devices.length);
    } catch (error) {
      fail(error, t('import.failed'));
    }
  }

  if (gatewayKeys)
    return <ImportGatewayKeys keys={gatewayKeys.keys} onDone={() => goOn(gatewayKeys.count)} />;

  const count = preview?.devices.length ?? 0;
  const canAdd = preview !== undefined && preview.problems.length === 0 && count > 0;
  return (
    <Stack gap="lg">
      <Text>
        {t('import.intro', { max: formatNumber(MAX_IMPORT_LINES, currentLanguage(i18n)) })}
      </Text>
      <ImportExample />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void check();
        }}
      >
        <Stack gap="sm" align="flex-start">
          <FileInput
            label={t('import.file')}
            description={t('import.fileDescription')}
            placeholder={t('import.filePlaceholder')}
            // The kit's placeholder grey is too faint to read (axe): this one is a call to act.
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            accept=".csv,text/csv,text/plain"
            clearable
            value={file}
            onChange={choose}
            error={fileError}
            w="100%"
            maw={480}
          />
          <Button type="submit" loading={previewing.isLoading} color="blue.8">
            {previewing.isLoading ? t('import.checking') : t('import.check')}
          </Button>
        </Stack>
      </form>
      {shownFailure && (
        <ImportFailureAlert
          failure={shownFailure.failure}
          title={shownFailure.title}
          onClose={() => setShownFailure(undefined)}
        />
      )}
      {preview && (
        <Stack gap="md">
          <ImportPreview preview={preview} />
          <Group>
            <Button
              onClick={() => void add()}
              disabled={!canAdd}
              loading={importing.isLoading}
              color="blue.8"
            >
              {t('import.submit', {
                count,
                formatted: formatNumber(count, currentLanguage(i18n)),
              })}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/** The import for a site manager of the area's organization; the permission message otherwise. */
export function DevicesImportScreen({ area, areaName }: { area: Area; areaName: string }) {
  const { t } = useTranslation('devices');
  const devicesHref = paths.areaDevices.href(area.propertyId, area.areaType, area.id);
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor component={Link} c="blue.8" size="sm" to={devicesHref}>
          {t('import.back')}
        </Anchor>
        <Title order={1}>{t('import.title')}</Title>
        <Text c="dimmed" style={BREAK_LONG_WORDS}>
          {areaName}
        </Text>
      </Stack>
      <SiteManagerOnly
        organizationId={area.organizationId}
        title={t('messages.noPermissionCreate')}
        backTo={devicesHref}
        backLabel={t('import.back')}
      >
        {() => <ImportForm area={area} />}
      </SiteManagerOnly>
    </Stack>
  );
}
