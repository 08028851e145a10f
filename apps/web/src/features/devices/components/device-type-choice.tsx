// The first step of 'Add device': which of the seven kinds, as large buttons a thumb can hit on a
// phone. Each is a link to the same screen with ?type=, so the back button returns to the choice
// and a list can open the form on a type (its 'Add a gateway').
import { Button, SimpleGrid, Stack, Title } from '@mantine/core';
import { DEVICE_TYPES } from '@portal/contracts/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { typeSearch } from '../model/device-type-param';

export function DeviceTypeChoice({ newDeviceHref }: { newDeviceHref: string }) {
  const { t } = useTranslation('devices');
  const headingId = 'device-type-choice';
  return (
    <Stack gap="sm" role="group" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('form.typeLegend')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {DEVICE_TYPES.map((type) => (
          <Button
            key={type}
            component={Link}
            to={`${newDeviceHref}${typeSearch(type)}`}
            variant="default"
            size="xl"
            fullWidth
            justify="flex-start"
          >
            {t(`type.${type}`)}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
