// Where a PIN code is typed: digits on a phone's number pad, masked with a button to show it, and
// never offered to the browser's memory of forms.
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PinCodeInput(props: PasswordInputProps) {
  const { t } = useTranslation('pinCodes');
  return (
    <PasswordInput
      size="md"
      inputMode="numeric"
      autoComplete="off"
      autoCorrect="off"
      spellCheck={false}
      maxLength={10}
      visibilityToggleButtonProps={{ 'aria-label': t('form.show') }}
      {...props}
    />
  );
}
