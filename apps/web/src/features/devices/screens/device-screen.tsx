// A device's own screen (SPEC §2 …/devices/{deviceType}/{deviceId}): its details, the way back
// to the area's devices and to its entries in the property's device log. Site managers of its
// organization edit it in place (the 'Add device' form, its type fixed), renew a gateway's key
// (shown once) and delete it. A link with the wrong type is corrected; an unknown device is not
// found.
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Device } from '@portal/contracts/devices';
import { isAreaType } from '@portal/contracts/domain';
import type { Property } from '@portal/contracts/properties';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useIsSiteManager } from '../../../api/current-user';
import { useGetDeviceQuery, useUpdateDeviceMutation } from '../../../api/devices';
import { useGetPropertyQuery } from '../../../api/properties';
import { QueryState } from '../../../components/query-state';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { useArrivalState } from '../../../lib/arrival-state';
import { currentLanguage } from '../../../lib/i18n';
import { DeviceDelete } from '../components/device-delete';
import { DeviceDetails } from '../components/device-details';
import { DeviceFailureAlert } from '../components/device-failure-alert';
import { DeviceForm } from '../components/device-form';
import { DeviceNotFound } from '../components/device-not-found';
import { DeviceNoticeAlert } from '../components/device-notice-alert';
import { GatewayKeyPanel } from '../components/gateway-key-panel';
import { GatewayKeyRenew } from '../components/gateway-key-renew';
import { useCanonicalDeviceUrl } from '../model/device-canonical-url';
import type { DeviceFailure } from '../model/device-failure';
import { deviceFormValuesOf } from '../model/device-form-values';
import { deviceLabel } from '../model/device-name';
import { type DeviceNotice, deviceNoticeIn } from '../model/device-notice';

/** A failed action of the screen, for SPEC §8's message of that action. */
type ActionFailure = { action: 'delete' | 'renew'; failure: DeviceFailure };

function EditDeviceForm({
  device,
  onSaved,
  onCancel,
}: {
  device: Device;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('devices');
  const [updateDevice] = useUpdateDeviceMutation();
  return (
    <Stack gap="sm">
      <Title order={2}>{t('form.editTitle')}</Title>
      <DeviceForm
        type={device.deviceType}
        initial={deviceFormValuesOf(device, currentLanguage(i18n))}
        submitLabel={t('form.save')}
        confirm={{ title: t('mismatch.saveTitle'), label: t('mismatch.saveConfirm') }}
        forbiddenTitle={t('messages.noPermissionChange')}
        cancel={
          <Button variant="default" size="md" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        }
        onSubmit={async (changes) => {
          await updateDevice({
            id: device.id,
            propertyId: device.propertyId,
            areaId: device.areaId,
            ...changes,
          }).unwrap();
          onSaved();
        }}
      />
    </Stack>
  );
}

/** What other features show on a device's screen below its details (composed in app/routes). */
export type DeviceSections = (device: Device, property: Property) => ReactNode;
/** What other features add to the question before a device is deleted (what it leaves behind). */
export type DeviceDeleteWarning = (device: Device) => ReactNode;

function DeviceView({
  device,
  property,
  sections,
  deleteWarning,
}: {
  device: Device;
  property: Property;
  sections?: DeviceSections;
  deleteWarning?: DeviceDeleteWarning;
}) {
  const { t } = useTranslation('devices');
  const { areaType } = useParams();
  const isSiteManager = useIsSiteManager(device.organizationId);
  const [arrived, dismissArrived] = useArrivalState(deviceNoticeIn);
  const [saved, setSaved] = useState<DeviceNotice>();
  const [editing, setEditing] = useState(false);
  /** A renewed gateway key, shown once. */
  const [newKey, setNewKey] = useState<string>();
  const [failure, setFailure] = useState<ActionFailure>();
  const name = deviceLabel(device);
  const devicesHref = isAreaType(areaType)
    ? paths.areaDevices.href(device.propertyId, areaType, device.areaId)
    : paths.propertyAreas.href(device.propertyId);

  const clearMessages = () => {
    setFailure(undefined);
    setSaved(undefined);
    dismissArrived();
  };

  function content() {
    if (newKey) return <GatewayKeyPanel gatewayKey={newKey} onDone={() => setNewKey(undefined)} />;
    if (editing)
      return (
        <EditDeviceForm
          device={device}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaved({ kind: 'saved' });
          }}
        />
      );
    return (
      <>
        <DeviceDetails device={device} timeZone={property.timeZone} />
        <Anchor
          component={Link}
          c="blue.8"
          to={paths.propertyDeviceLog.href(device.propertyId, device.id)}
        >
          {t('detail.log')}
        </Anchor>
        {isSiteManager && (
          <Group gap="sm">
            <Button
              color="blue.8"
              size="md"
              onClick={() => {
                clearMessages();
                setEditing(true);
              }}
            >
              {t('detail.edit')}
            </Button>
            {device.deviceType === 'gw' && (
              <GatewayKeyRenew
                gateway={device}
                onStart={clearMessages}
                onRenewed={setNewKey}
                onFailure={(failed) => setFailure({ action: 'renew', failure: failed })}
              />
            )}
            <DeviceDelete
              device={device}
              name={name}
              devicesHref={devicesHref}
              warning={deleteWarning?.(device)}
              onStart={clearMessages}
              onFailure={(failed) => setFailure({ action: 'delete', failure: failed })}
            />
          </Group>
        )}
        {sections?.(device, property)}
      </>
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor component={Link} c="blue.8" size="sm" to={devicesHref}>
          {t('detail.back')}
        </Anchor>
        <Title order={1} style={BREAK_LONG_WORDS}>
          {name}
        </Title>
        <Text c="dimmed">{t(`type.${device.deviceType}`)}</Text>
      </Stack>
      <DeviceNoticeAlert notice={saved ?? arrived} onClose={clearMessages} />
      {failure && (
        <DeviceFailureAlert
          failure={failure.failure}
          title={failure.action === 'delete' ? t('messages.deleteFailed') : t('key.renewFailed')}
          forbiddenTitle={
            failure.action === 'delete'
              ? t('messages.noPermissionDelete')
              : t('messages.noPermissionChange')
          }
          onClose={() => setFailure(undefined)}
        />
      )}
      {content()}
    </Stack>
  );
}

export default function DeviceScreen({
  sections,
  deleteWarning,
}: {
  sections?: DeviceSections;
  deleteWarning?: DeviceDeleteWarning;
} = {}) {
  const { t } = useTranslation('devices');
  const { deviceId = '' } = useParams();
  const query = useGetDeviceQuery(deviceId);
  // The property's clock for 'last seen' (the shell's menu has fetched the property already).
  const propertyQuery = useGetPropertyQuery(query.data?.propertyId ?? skipToken);
  const device = query.data;
  useCanonicalDeviceUrl(device);

  return (
    <QueryState
      queries={[query, propertyQuery]}
      notFound={<DeviceNotFound />}
      failed={{ title: t('messages.deviceFetchFailed'), text: t('messages.connection') }}
      failedFrame={(alert) => (
        <Stack gap="lg" maw={720}>
          <Title order={1}>{t('detail.title')}</Title>
          {alert}
        </Stack>
      )}
    >
      {/* Keyed by the device: a notice, a failure or a key belong to the device they were about. */}
      {() =>
        device &&
        propertyQuery.data && (
          <DeviceView
            key={device.id}
            device={device}
            property={propertyQuery.data}
            sections={sections}
            deleteWarning={deleteWarning}
          />
        )
      }
    </QueryState>
  );
}
