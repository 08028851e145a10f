// 'Add PIN code' (SPEC §2 …/devices/{deviceType}/{deviceId}/new/pin-code): for a door or keypad,
// the form with the first free slot proposed; once added, the device's screen with the new slot
// pending. Users of the organization see that they may not; a device without slots says so.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { Device } from '@portal/contracts/devices';
import { hasPinSlots, isAreaType } from '@portal/contracts/domain';
import { lowestFreeSlot, type PinCode } from '@portal/contracts/pin-codes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetDeviceQuery } from '../../../api/devices';
import { useCodeCalls, useGetPinCodesQuery } from '../../../api/pin-codes';
import { NotFoundFrame } from '../../../components/not-found-frame';
import { QueryState } from '../../../components/query-state';
import { SiteManagerOnly } from '../../../components/site-manager-only';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { deviceHref, paths } from '../../../config/paths';
import { PinCodeForm } from '../components/pin-code-form';
import { pinNoticeState } from '../model/pin-notice';

function NewPinCode({ device, slots }: { device: Device; slots: PinCode[] }) {
  const { t } = useTranslation('pinCodes');
  const { areaType } = useParams();
  const navigate = useNavigate();
  const { createPinCode } = useCodeCalls();
  const backTo = deviceHref(device, areaType);
  const slotCount = device.slotCount ?? 0;
  const proposed = lowestFreeSlot(slots, slotCount);
  const name = device.name || device.idNumber;

  return (
    <Stack gap="lg" maw={560}>
      <Stack gap={4}>
        <Anchor component={Link} c="blue.8" size="sm" to={backTo}>
          {name}
        </Anchor>
        <Title order={1}>{t('form.title')}</Title>
        <Text style={BREAK_LONG_WORDS}>{t('form.intro', { device: name })}</Text>
      </Stack>
      <SiteManagerOnly
        organizationId={device.organizationId}
        title={t('messages.noPermissionChange')}
        backTo={backTo}
        backLabel={name}
      >
        {() =>
          !hasPinSlots(device.deviceType) || !slotCount ? (
            <Text>{t('form.noSlots')}</Text>
          ) : proposed === undefined ? (
            <Text>{t('form.full')}</Text>
          ) : (
            <PinCodeForm
              slotCount={slotCount}
              proposedSlot={proposed}
              backTo={backTo}
              onSubmit={async (pinCode) => {
                const made = await createPinCode({
                  deviceId: device.id,
                  propertyId: device.propertyId,
                  ...pinCode,
                });
                await navigate(backTo, {
                  state: pinNoticeState({ kind: 'added', slot: made.slot }),
                });
              }}
            />
          )
        }
      </SiteManagerOnly>
    </Stack>
  );
}

export default function PinCodeNewScreen() {
  const { t } = useTranslation('pinCodes');
  const { t: tDevices } = useTranslation('devices');
  const { propertyId = '', areaType, areaId = '', deviceId = '' } = useParams();
  const deviceQuery = useGetDeviceQuery(deviceId);
  const slotsQuery = useGetPinCodesQuery(deviceId);
  const devicesHref = isAreaType(areaType)
    ? paths.areaDevices.href(propertyId, areaType, areaId)
    : paths.propertyAreas.href(propertyId);
  return (
    <QueryState
      queries={[deviceQuery, slotsQuery]}
      notFound={
        <NotFoundFrame
          title={tDevices('notFound.deviceTitle')}
          text={tDevices('notFound.deviceText')}
          backTo={devicesHref}
          backLabel={tDevices('notFound.toDevices')}
        />
      }
      failed={{ title: t('section.fetchFailed') }}
    >
      {() =>
        deviceQuery.data &&
        slotsQuery.data && <NewPinCode device={deviceQuery.data} slots={slotsQuery.data} />
      }
    </QueryState>
  );
}
