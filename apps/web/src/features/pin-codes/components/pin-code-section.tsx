// A door's or keypad's PIN codes on its screen (composed by app/routes/device): every slot in use
// with its state on the lock, refreshed while a change waits for the gateway, and for site
// managers the way to add one and to change each.
import { Button, Stack, Text, Title } from '@mantine/core';
import type { Device } from '@portal/contracts/devices';
import { isAreaType } from '@portal/contracts/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useIsSiteManager } from '../../../api/current-user';
import { useGetPinCodesQuery } from '../../../api/pin-codes';
import { Notice } from '../../../components/notice';
import { QueryState } from '../../../components/query-state';
import { UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { useArrivalState } from '../../../lib/arrival-state';
import { type CallFailure, callFailureOf } from '../../../lib/call-failure';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type PinNotice, pinNoticeIn } from '../model/pin-notice';
import { PinCodeSlotItem } from './pin-code-slot-item';
import { PinFailureAlert } from './pin-failure-alert';

/** How often the slots are asked for again while a change waits for the gateway. */
export const PENDING_POLL_MS = 5000;

type Failure = { action: 'change' | 'delete'; failure: CallFailure };

export function PinCodeSection({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('pinCodes');
  const language = currentLanguage(i18n);
  const { areaType } = useParams();
  const canChange = useIsSiteManager(device.organizationId);
  const [arrived, dismissArrived] = useArrivalState(pinNoticeIn);
  const [done, setDone] = useState<PinNotice>();
  const [failure, setFailure] = useState<Failure>();
  const { waiting } = useGetPinCodesQuery(device.id, {
    selectFromResult: ({ data }) => ({ waiting: data?.some((slot) => slot.sync === 'pending') }),
  });
  const query = useGetPinCodesQuery(device.id, { pollingInterval: waiting ? PENDING_POLL_MS : 0 });
  const notice = done ?? arrived;
  const count = (value: number) => formatNumber(value, language);

  const clear = () => {
    setDone(undefined);
    setFailure(undefined);
    dismissArrived();
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby="pin-codes-title">
      <Title order={2} id="pin-codes-title">
        {t('section.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('section.intro')}
      </Text>
      {notice && (
        <Notice
          kind="success"
          title={t(`notice.${notice.kind}`, { slot: count(notice.slot) })}
          onClose={clear}
        />
      )}
      {failure && (
        <PinFailureAlert
          failure={failure.failure}
          title={t(failure.action === 'delete' ? 'messages.deleteFailed' : 'messages.changeFailed')}
          forbiddenTitle={t('messages.noPermissionChange')}
          onClose={() => setFailure(undefined)}
        />
      )}
      {canChange && isAreaType(areaType) && (
        <Button
          component={Link}
          to={paths.deviceNewPinCode.href(
            device.propertyId,
            areaType,
            device.areaId,
            device.deviceType,
            device.id,
          )}
          color="blue.8"
          size="md"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('section.add')}
        </Button>
      )}
      <QueryState queries={[query]} failed={{ title: t('section.fetchFailed') }}>
        {() =>
          query.data && (
            <>
              <Text size="sm">
                {t('section.used', {
                  used: count(query.data.filter((slot) => !slot.clearing).length),
                  total: count(device.slotCount ?? 0),
                })}
              </Text>
              {query.data.length === 0 ? (
                <Text>{t('section.empty')}</Text>
              ) : (
                <Stack component="ul" gap={0} m={0} p={0} style={UNSTYLED_LIST}>
                  {query.data.map((slot) => (
                    <li key={slot.id}>
                      <PinCodeSlotItem
                        slot={slot}
                        propertyId={device.propertyId}
                        canChange={canChange}
                        onStart={clear}
                        onDone={setDone}
                        onFailure={({ action, error }) =>
                          setFailure({ action, failure: callFailureOf(error) })
                        }
                      />
                    </li>
                  ))}
                </Stack>
              )}
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
