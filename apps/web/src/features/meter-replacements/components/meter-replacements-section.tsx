// A meter's replacements on its screen (composed by app/routes/device for heat, electricity, hot
// and cold water meters): every recorded exchange, newest first, for everyone of the organization;
// for site managers the form to record one and delete with confirmation. Recording or deleting one
// has the meter's use counted again and adds to the device log (api/meter-replacements).
import { Button, Stack, Text, Title } from '@mantine/core';
import { isMeterType } from '@portal/contracts/device-ids';
import type { Device } from '@portal/contracts/devices';
import type { MeterReplacement } from '@portal/contracts/meter-replacements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSiteManager } from '../../../api/current-user';
import {
  useCreateMeterReplacementMutation,
  useDeleteMeterReplacementMutation,
  useGetMeterReplacementsQuery,
} from '../../../api/meter-replacements';
import { FailureAlert } from '../../../components/failure-alert';
import { Notice } from '../../../components/notice';
import { QueryState } from '../../../components/query-state';
import { UNSTYLED_LIST } from '../../../components/text-styles';
import { type CallFailure, callFailureOf } from '../../../lib/call-failure';
import { MeterReplacementForm } from './meter-replacement-form';
import { MeterReplacementItem } from './meter-replacement-item';

export function MeterReplacementsSection({
  device,
  timeZone,
}: {
  device: Device;
  /** The property's: times are shown and typed on its clock. */
  timeZone: string;
}) {
  const { t } = useTranslation('devices');
  const canChange = useIsSiteManager(device.organizationId);
  const query = useGetMeterReplacementsQuery(device.id);
  const [createReplacement] = useCreateMeterReplacementMutation();
  const [deleteReplacement, deletion] = useDeleteMeterReplacementMutation();
  const [recording, setRecording] = useState(false);
  const [done, setDone] = useState<'recorded' | 'deleted'>();
  const [deleteFailure, setDeleteFailure] = useState<CallFailure>();
  const owner = { deviceId: device.id, propertyId: device.propertyId };
  const meterType = isMeterType(device.deviceType) ? device.deviceType : undefined;

  const clear = () => {
    setDone(undefined);
    setDeleteFailure(undefined);
  };

  async function remove(replacement: MeterReplacement) {
    clear();
    try {
      await deleteReplacement({ ...owner, id: replacement.id }).unwrap();
      setDone('deleted');
    } catch (error) {
      setDeleteFailure(callFailureOf(error));
    }
  }

  return (
    <Stack component="section" gap="sm" aria-labelledby="meter-replacements-title">
      <Title order={2} id="meter-replacements-title">
        {t('meterReplacements.section.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('meterReplacements.section.intro')}
      </Text>
      {done && (
        <Notice kind="success" title={t(`meterReplacements.messages.${done}`)} onClose={clear}>
          {done === 'recorded' ? t('meterReplacements.messages.recordedText') : undefined}
        </Notice>
      )}
      {deleteFailure && (
        <FailureAlert
          failure={deleteFailure}
          namespace="devices"
          title={t('meterReplacements.messages.deleteFailed')}
          forbiddenTitle={t('meterReplacements.messages.noPermission')}
          onClose={() => setDeleteFailure(undefined)}
        />
      )}
      {canChange &&
        meterType &&
        (recording ? (
          <MeterReplacementForm
            deviceType={meterType}
            timeZone={timeZone}
            onCancel={() => setRecording(false)}
            onSubmit={async (body) => {
              await createReplacement({ ...owner, ...body }).unwrap();
              setRecording(false);
              setDone('recorded');
            }}
          />
        ) : (
          <Button
            color="blue.8"
            size="md"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => {
              clear();
              setRecording(true);
            }}
          >
            {t('meterReplacements.section.record')}
          </Button>
        ))}
      <QueryState queries={[query]} failed={{ title: t('meterReplacements.section.fetchFailed') }}>
        {() =>
          query.data?.length ? (
            <Stack component="ul" gap={0} m={0} p={0} style={UNSTYLED_LIST}>
              {query.data.map((replacement) => (
                <li key={replacement.id}>
                  <MeterReplacementItem
                    replacement={replacement}
                    timeZone={timeZone}
                    canDelete={canChange}
                    deleting={deletion.isLoading && deletion.originalArgs?.id === replacement.id}
                    onDelete={() => remove(replacement)}
                  />
                </li>
              ))}
            </Stack>
          ) : (
            <Text>{t('meterReplacements.section.empty')}</Text>
          )
        }
      </QueryState>
    </Stack>
  );
}
