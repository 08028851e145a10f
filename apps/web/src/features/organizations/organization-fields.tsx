// The organization's name and address, shared by the create screen and the edit dialog, checked
// with the contract's own schema; problems are named by field and kind, never by English text.
import { Stack, TextInput } from '@mantine/core';
import { type CreateOrganization, CreateOrganizationSchema } from '@portal/contracts/organizations';
import { useTranslation } from 'react-i18next';

export type OrganizationValues = { name: string; address: string };

type ProblemKey = 'form.nameRequired' | 'form.nameTooLong' | 'form.addressTooLong';
export type OrganizationProblems = Partial<Record<keyof OrganizationValues, ProblemKey>>;

export type OrganizationCheck =
  | { ok: true; organization: Required<CreateOrganization> }
  | { ok: false; problems: OrganizationProblems };

export function checkOrganization(values: OrganizationValues): OrganizationCheck {
  const parsed = CreateOrganizationSchema.safeParse(values);
  if (parsed.success) return { ok: true, organization: parsed.data };
  const problems: OrganizationProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'name' && !problems.name)
      problems.name = issue.code === 'too_big' ? 'form.nameTooLong' : 'form.nameRequired';
    if (field === 'address') problems.address = 'form.addressTooLong';
  }
  return { ok: false, problems };
}

export function OrganizationFields({
  values,
  problems,
  onChange,
}: {
  values: OrganizationValues;
  problems: OrganizationProblems;
  onChange: (next: OrganizationValues) => void;
}) {
  const { t } = useTranslation('organizations');
  return (
    <Stack gap="md">
      <TextInput
        label={t('form.name')}
        description={t('form.nameDescription')}
        name="name"
        autoComplete="organization"
        required
        value={values.name}
        error={problems.name && t(problems.name)}
        onChange={(event) => onChange({ ...values, name: event.currentTarget.value })}
      />
      <TextInput
        label={t('form.address')}
        description={t('form.addressDescription')}
        name="address"
        autoComplete="street-address"
        value={values.address}
        error={problems.address && t(problems.address)}
        onChange={(event) => onChange({ ...values, address: event.currentTarget.value })}
      />
    </Stack>
  );
}
