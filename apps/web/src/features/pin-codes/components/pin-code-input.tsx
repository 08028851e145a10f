// Where a PIN code is typed: digits on a phone's number pad, masked with a button to show it, and
// never offered to the browser's memory of forms (components/secret-input.tsx).
import type { TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SecretInput } from '../../../components/secret-input';

export function PinCodeInput(props: TextInputProps) {
  const { t } = useTranslation('pinCodes');
  return <SecretInput inputMode="numeric" maxLength={10} showLabel={t('form.show')} {...props} />;
}
