// Where a secret other than the user's own password is typed (a door's PIN code, a WiFi
// password): masked, with a button to show it (it is copied off a label or a list, character by
// character), and never offered to the browser's memory of forms. A text field masked by CSS, not a
// password field: Chrome and Safari ignore autocomplete="off" on a password field and would offer
// to save the secret as the portal's password (and fill it into the sign-in form); the data
// attributes keep 1Password and LastPass away from it too.
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { type CSSProperties, useState } from 'react';

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

export function SecretInput({
  showLabel,
  ...props
}: TextInputProps & {
  /** The show button's accessible name, in the feature's words ('Show the code'). */
  showLabel: string;
}) {
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
      // A disabled, empty field (an open network has no password) shows its placeholder readable.
      styles={{ input: shown || (props.disabled && !props.value) ? undefined : MASKED }}
      rightSectionPointerEvents="all"
      rightSection={
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          aria-label={showLabel}
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
