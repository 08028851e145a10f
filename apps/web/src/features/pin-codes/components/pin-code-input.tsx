// Where a PIN code is typed: digits on a phone's number pad, masked with a button to show it, and
// never offered to the browser's memory of forms. It is a text field masked by CSS, not a password
// field: Chrome and Safari ignore autocomplete="off" on a password field and would offer to save
// the door's code as the site's password (and fill it into the sign-in form); the data attributes
// keep 1Password and LastPass away from it too.
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The browsers' masking of a text field; csstype does not list the non-standard property. */
const MASKED = { WebkitTextSecurity: 'disc' } as CSSProperties;

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

export function PinCodeInput(props: TextInputProps) {
  const { t } = useTranslation('pinCodes');
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      size="md"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={10}
      data-1p-ignore
      data-lpignore="true"
      styles={{ input: shown ? undefined : MASKED }}
      rightSectionPointerEvents="all"
      rightSection={
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          aria-label={t('form.show')}
          aria-pressed={shown}
          onClick={() => setShown((was) => !was)}
        >
          <EyeIcon crossed={shown} />
        </ActionIcon>
      }
      {...props}
    />
  );
}
