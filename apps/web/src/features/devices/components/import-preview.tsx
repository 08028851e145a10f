// What an import would make, line by line (type, ID, name, use), and every problem of its file:
// the site manager sees both before anything is added.
import { Stack, Table, Text, Title } from '@mantine/core';
import type { ImportPreview as Preview } from '@portal/contracts/devices';
import { useTranslation } from 'react-i18next';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ImportProblems } from './import-problems';

export function ImportPreview({ preview }: { preview: Preview }) {
  const { t, i18n } = useTranslation('devices');
  const count = preview.devices.length;
  return (
    <Stack gap="md">
      <ImportProblems problems={preview.problems} />
      <Stack gap="xs">
        <Title order={2} size="h4" id="import-devices">
          {t('import.previewTitle')}
        </Title>
        <Text>
          {count === 0
            ? t('import.noneToAdd')
            : t('import.previewCount', {
                count,
                formatted: formatNumber(count, currentLanguage(i18n)),
              })}
        </Text>
        {count > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-labelledby="import-devices" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.line')}</Table.Th>
                  <Table.Th>{t('import.fields.deviceType')}</Table.Th>
                  <Table.Th>{t('import.fields.idNumber')}</Table.Th>
                  <Table.Th>{t('import.fields.name')}</Table.Th>
                  <Table.Th>{t('import.fields.role')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.devices.map((device) => (
                  <Table.Tr key={device.line}>
                    <Table.Td>{device.line}</Table.Td>
                    <Table.Td>{t(`type.${device.deviceType}`)}</Table.Td>
                    <Table.Td style={BREAK_LONG_WORDS}>{device.idNumber}</Table.Td>
                    <Table.Td style={BREAK_LONG_WORDS}>{device.name}</Table.Td>
                    <Table.Td>{device.role ? t(`role.${device.role}`) : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
