// 'Add device' (SPEC §2 …/devices/new): the type first, then the form that fits it — or, for
// anything but a gateway in an area without one, SPEC §5's 'A gateway device must be added first'
// with the way to add it. A new gateway's key is shown once before its page opens; any other
// device's page opens with 'Successfully saved ID'. Users of the area's organization see that
// they may not add devices instead. The same screen takes a photo first when a route composes one
// in (`photo`: app/routes/area-new-device-image.tsx); otherwise it offers the way there.
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { Area } from '@portal/contracts/areas';
import type { Device } from '@portal/contracts/devices';
import type { DeviceType } from '@portal/contracts/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetAreaQuery } from '../../../api/areas';
import { useCreateDeviceMutation, useGetAreaDevicesQuery } from '../../../api/devices';
import { AreasNotFound } from '../../../components/areas-not-found';
import { Loading } from '../../../components/loading';
import { QueryState } from '../../../components/query-state';
import { SiteManagerOnly } from '../../../components/site-manager-only';
import { paths } from '../../../config/paths';
import { useAreaLabel } from '../../../lib/area-name';
import { currentLanguage } from '../../../lib/i18n';
import { DeviceForm } from '../components/device-form';
import { DeviceTypeChoice } from '../components/device-type-choice';
import { GatewayKeyPanel } from '../components/gateway-key-panel';
import { NoGateway } from '../components/no-gateway';
import { emptyDeviceForm } from '../model/device-form-values';
import { hasGateway } from '../model/device-groups';
import { deviceNoticeState } from '../model/device-notice';
import { typeSearch, useChosenType } from '../model/device-type-param';

const deviceHref = (area: Area, device: Device) =>
  paths.device.href(area.propertyId, area.areaType, area.id, device.deviceType, device.id);

/** Where a new device's screen is reached: its page, with what the page is to announce. */
type Arrival = { to: string; state: object };

/**
 * What a route adds for 'Add device with a photo' (SPEC §2 …/devices/new/image): the photo first,
 * then this screen's type and form, and once the device is made, the photo sent to it.
 */
export type NewDevicePhoto = {
  /** The photo's picker and preview, above the type and the form. */
  picker: ReactNode;
  /** Whether the type and the form show yet: the photo comes first. */
  chosen: boolean;
  /** Runs once the device is made; may go elsewhere than its page, or announce more there. */
  afterCreate: (device: Device, arrival: Arrival) => Promise<Arrival>;
};

function NewDeviceForm({
  area,
  type,
  photo,
  onGatewayKey,
}: {
  area: Area;
  type: DeviceType;
  photo?: NewDevicePhoto;
  onGatewayKey: (key: string, arrival: Arrival) => void;
}) {
  const { t, i18n } = useTranslation('devices');
  const navigate = useNavigate();
  const [createDevice] = useCreateDeviceMutation();
  return (
    <DeviceForm
      type={type}
      initial={emptyDeviceForm(currentLanguage(i18n))}
      submitLabel={t('form.create')}
      confirm={{ title: t('mismatch.title'), label: t('mismatch.confirm') }}
      forbiddenTitle={t('messages.noPermissionCreate')}
      cancel={
        <Anchor
          component={Link}
          c="blue.8"
          to={paths.areaDevices.href(area.propertyId, area.areaType, area.id)}
        >
          {t('form.cancel')}
        </Anchor>
      }
      onSubmit={async (device) => {
        const created = await createDevice({
          propertyId: area.propertyId,
          areaId: area.id,
          deviceType: type,
          ...device,
        }).unwrap();
        const page: Arrival = {
          to: deviceHref(area, created.device),
          state: deviceNoticeState({ kind: 'saved' }),
        };
        const arrival = photo ? await photo.afterCreate(created.device, page) : page;
        if (created.gatewayKey) onGatewayKey(created.gatewayKey, arrival);
        else await navigate(arrival.to, { state: arrival.state });
      }}
    />
  );
}

function NewDevice({
  area,
  devices,
  photo,
}: {
  area: Area;
  devices: Device[];
  photo?: NewDevicePhoto;
}) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const type = useChosenType();
  /** A new gateway's key, shown once before its page opens. */
  const [made, setMade] = useState<{ key: string; arrival: Arrival }>();
  // With a photo, the type's links stay on the photo's route, where the photo is kept.
  const newDeviceHref = (photo ? paths.areaNewDeviceImage : paths.areaNewDevice).href(
    area.propertyId,
    area.areaType,
    area.id,
  );

  if (made)
    return (
      <GatewayKeyPanel
        gatewayKey={made.key}
        onDone={() => void navigate(made.arrival.to, { state: made.arrival.state })}
      />
    );
  if (photo && !photo.chosen) return photo.picker;
  if (!type)
    return (
      <Stack gap="md">
        {photo?.picker}
        <DeviceTypeChoice newDeviceHref={newDeviceHref} />
        {!photo && (
          <Anchor
            component={Link}
            c="blue.8"
            to={paths.areaNewDeviceImage.href(area.propertyId, area.areaType, area.id)}
          >
            {t('form.withPhoto')}
          </Anchor>
        )}
      </Stack>
    );
  return (
    <Stack gap="md">
      {photo?.picker}
      <Group gap="sm" justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {t(`type.${type}`)}
        </Title>
        <Anchor component={Link} c="blue.8" to={newDeviceHref}>
          {t('form.changeType')}
        </Anchor>
      </Group>
      {type !== 'gw' && !hasGateway(devices) ? (
        <NoGateway
          hint={t('messages.gatewayRequired')}
          gatewayHref={`${newDeviceHref}${typeSearch('gw')}`}
        />
      ) : (
        // Keyed by the type: another type's values never linger in the fields.
        <NewDeviceForm
          key={type}
          area={area}
          type={type}
          photo={photo}
          onGatewayKey={(key, arrival) => setMade({ key, arrival })}
        />
      )}
    </Stack>
  );
}

export default function DeviceNewScreen({ photo }: { photo?: NewDevicePhoto } = {}) {
  const { t } = useTranslation('devices');
  const label = useAreaLabel();
  const { propertyId = '', areaId = '' } = useParams();
  const areaQuery = useGetAreaQuery(areaId);
  // Whether the area has a gateway decides what a meter's form shows.
  const devicesQuery = useGetAreaDevicesQuery(areaId);
  const area = areaQuery.data;

  const frame = (content: ReactNode) => (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>{t('form.newTitle')}</Title>
        {area && <Text c="dimmed">{label(area)}</Text>}
      </Stack>
      {content}
    </Stack>
  );

  return (
    <QueryState
      queries={[areaQuery, devicesQuery]}
      notFound={<AreasNotFound subject="area" propertyId={propertyId} />}
      failed={{ title: t('messages.fetchFailed'), text: t('messages.connection') }}
      failedFrame={frame}
      loading={frame(<Loading />)}
    >
      {() =>
        area &&
        frame(
          <SiteManagerOnly
            organizationId={area.organizationId}
            title={t('messages.noPermissionCreate')}
            backTo={paths.areaDevices.href(area.propertyId, area.areaType, area.id)}
            backLabel={t('detail.back')}
          >
            {() => <NewDevice area={area} devices={devicesQuery.data ?? []} photo={photo} />}
          </SiteManagerOnly>,
        )
      }
    </QueryState>
  );
}
