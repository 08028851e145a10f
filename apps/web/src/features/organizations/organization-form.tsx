// The organization's name and address, shared by the create screen and the edit dialog: one
// contract form (lib/contract-form) checked with the schema the API uses, in this form's words.
import { Stack, TextInput } from '@mantine/core';
import { CreateOrganizationSchema } from '@portal/contracts/organizations';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../lib/contract-form';
import type { FieldMessages } from '../../lib/form-issues';

export type OrganizationValues = { name: string; address: string };

const MESSAGES: FieldMessages<OrganizationValues> = {
  name: { required: 'organizations:form.nameRequired', tooLong: 'organizations:form.nameTooLong' },
  address: { tooLong: 'organizations:form.addressTooLong' },
};

export function useOrganizationForm(initialValues: OrganizationValues) {
  return useContractForm(CreateOrganizationSchema, { initialValues, messages: MESSAGES });
}

export type OrganizationForm = ReturnType<typeof useOrganizationForm>;

export function OrganizationFields({ form }: { form: OrganizationForm['form'] }) {
  const { t } = useTranslation('organizations');
  return (
    <Stack gap="md">
      <TextInput
        label={t('form.name')}
        description={t('form.nameDescription')}
        autoComplete="organization"
        required
        name="name"
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('form.address')}
        description={t('form.addressDescription')}
        autoComplete="street-address"
        name="address"
        key={form.key('address')}
        {...form.getInputProps('address')}
      />
    </Stack>
  );
}
