// What the id typed so far will be saved as, or why it does not fit the type, read live as it is
// typed with the same readDeviceId the API stores with (docs/devices.md), so nothing surprises on
// saving: 'Saved as KAM12345678' or what the type expects instead.
import { Text } from '@mantine/core';
import { readDeviceId } from '@portal/contracts/device-ids';
import type { DeviceType } from '@portal/contracts/domain';
import { useTranslation } from 'react-i18next';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { currentLanguage } from '../../../lib/i18n';

export function DeviceIdReading({
  id,
  type,
  typed,
}: {
  id: string;
  type: DeviceType;
  typed: string;
}) {
  const { t, i18n } = useTranslation('devices');
  const reading = readDeviceId(type, typed);
  let text = '';
  if (reading.outcome === 'fits') text = t('idReading.fits', { idNumber: reading.idNumber });
  else if (reading.outcome === 'mismatch')
    text = t('idReading.mismatch', {
      type: t(`type.${type}`).toLocaleLowerCase(currentLanguage(i18n)),
      expected: reading.expected
        .map((form) => t(`idReading.expected.${form}`))
        .join(t('idReading.or')),
    });
  // Polite: read out once the typing pauses, not over every key.
  return (
    <Text
      id={id}
      size="sm"
      aria-live="polite"
      c={reading.outcome === 'mismatch' ? 'orange.9' : 'teal.9'}
      style={BREAK_LONG_WORDS}
    >
      {text}
    </Text>
  );
}
