// Where a WiFi password is typed: masked, with a button to show it (it is copied off a router's
// label), and never offered to the browser's memory of forms (components/secret-input.tsx): the
// browser would otherwise offer to save the network's password as the portal's.
import type { TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SecretInput } from '../../../components/secret-input';

export function WifiPasswordInput(props: TextInputProps) {
  const { t } = useTranslation('wifi');
  return <SecretInput showLabel={t('form.show')} {...props} />;
}
