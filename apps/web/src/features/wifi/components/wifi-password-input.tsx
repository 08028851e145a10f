// Where a WiFi password is typed: masked, with a button to show it (it is copied off a router's
// label, character by character), and never offered to the browser's memory of forms. A text field
// masked by CSS rather than a password field, as the PIN code's is (features/pin-codes): Chrome and
// Safari would offer to save the network's password as the portal's and fill it into sign-in.
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The browsers' masking of a text field; csstype does not list the non-standard property. */
const MASKED = { WebkitTextSecurity: 'disc' } as CSSProperties;

export function EyeIcon({ crossed }: { crossed: boolean }) {
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

export function WifiPasswordInput(props: TextInputProps) {
  const { t } = useTranslation('wifi');
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      size="md"
      type="text"
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      data-1p-ignore
      data-lpignore="true"
      styles={{ input: shown || props.disabled ? undefined : MASKED }}
      rightSectionPointerEvents="all"
      rightSection={
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          aria-label={t('form.show')}
          aria-pressed={shown}
          disabled={props.disabled}
          onClick={() => setShown((was) => !was)}
        >
          <EyeIcon crossed={shown} />
        </ActionIcon>
      }
      {...props}
    />
  );
}
