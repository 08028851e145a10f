// The property form shared by creating and editing (SPEC §2 properties/new, edit-property): name,
// organization, address, type, heated floor area Atemp, build year, time zone, heating carrier,
// Fgeo and after how long a silent device is offline, checked with the contract's schema before anything is sent (lib/contract-form).
import {
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { HEATING_CARRIERS, PROPERTY_TYPES } from '@portal/contracts/domain';
import { CreatePropertySchema, DEFAULT_TIME_ZONE } from '@portal/contracts/properties';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContractForm } from '../../../lib/contract-form';
import { offlineAfterChoices, useMinutesText } from '../model/offline-after';
import { PROPERTY_FORM, type PropertyFormValues } from '../model/property-values';

/** Every zone the browser knows, and the one already chosen even if it does not list it. */
function timeZoneOptions(current: string) {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, DEFAULT_TIME_ZONE, 'UTC', current])].sort();
}

/** The form's state, made where the request is sent: a refused one shows on the fields. */
export function usePropertyForm(initialValues: PropertyFormValues) {
  return useContractForm(CreatePropertySchema, { ...PROPERTY_FORM, initialValues });
}
export type PropertyContractForm = ReturnType<typeof usePropertyForm>;
/** What the API is sent: the schema's output (trimmed, defaults filled in). */
export type PropertyPayload = Parameters<Parameters<PropertyContractForm['onSubmit']>[0]>[0];

/** Some 400 zones, searchable; typing replaces the chosen zone rather than adding to its name. */
function TimeZoneSelect({ label, form }: { label: string; form: PropertyContractForm['form'] }) {
  const value = form.useWatchValue('timeZone');
  const [options] = useState(() => timeZoneOptions(value));
  return (
    <Select
      label={label}
      name="timeZone"
      data-path="timeZone"
      searchable
      allowDeselect={false}
      data={options}
      onFocus={(event) => event.currentTarget.select()}
      value={value}
      error={form.errors.timeZone}
      // Set without mounting the list afresh, so it closes as a choice does.
      onChange={(zone) => {
        if (zone) form.setFieldValue('timeZone', zone, { forceUpdate: false });
      }}
    />
  );
}

/** How long a device may be silent before it is offline: a span from the list, as words. */
function OfflineAfterSelect({ form }: { form: PropertyContractForm['form'] }) {
  const { t } = useTranslation('properties');
  const minutesText = useMinutesText();
  // The list as the form started, so a property's own span set through the API stays offered.
  const [choices] = useState(() =>
    offlineAfterChoices(Number(form.getValues().offlineAfterMinutes)),
  );
  return (
    <NativeSelect
      label={t('alerts.setting.label')}
      description={t('alerts.setting.description')}
      key={form.key('offlineAfterMinutes')}
      name="offlineAfterMinutes"
      {...form.getInputProps('offlineAfterMinutes')}
      data={choices.map((minutes) => ({ value: String(minutes), label: minutesText(minutes) }))}
    />
  );
}

export function PropertyForm({
  contract,
  organizations,
  submitLabel,
  leaveTo,
  leaveLabel,
  message,
  onSubmit,
}: {
  contract: PropertyContractForm;
  organizations: readonly { id: string; name: string }[];
  submitLabel: string;
  leaveTo: string;
  leaveLabel: string;
  /** The outcome of the last attempt, shown above the buttons. */
  message?: ReactNode;
  /** Sends the checked property; the form is busy until it settles. */
  onSubmit: (property: PropertyPayload) => Promise<void>;
}) {
  const { t } = useTranslation('properties');
  const { form } = contract;
  const input = (field: keyof PropertyFormValues) => ({
    name: field,
    ...form.getInputProps(field),
  });

  const organizationId = form.useWatchValue('organizationId');
  const chosen = organizations.some(({ id }) => id === organizationId);
  return (
    <Card withBorder padding="lg">
      <form onSubmit={contract.onSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.name')}
            required
            autoComplete="off"
            key={form.key('name')}
            {...input('name')}
          />
          <NativeSelect
            label={t('fields.organization')}
            required
            key={form.key('organizationId')}
            {...input('organizationId')}
            data={[
              // Nothing is chosen for a user of several organizations until they choose.
              ...(chosen
                ? []
                : [{ value: '', label: t('form.chooseOrganization'), disabled: true }]),
              ...organizations.map(({ id, name }) => ({ value: id, label: name })),
            ]}
          />
          <TextInput
            label={t('fields.address')}
            description={t('fields.addressDescription')}
            autoComplete="street-address"
            key={form.key('address')}
            {...input('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label={t('fields.propertyType')}
              key={form.key('propertyType')}
              {...input('propertyType')}
              data={PROPERTY_TYPES.map((type) => ({
                value: type,
                label: t(`propertyType.${type}`),
              }))}
            />
            <NativeSelect
              label={t('fields.heatingCarrier')}
              key={form.key('heatingCarrier')}
              {...input('heatingCarrier')}
              data={HEATING_CARRIERS.map((carrier) => ({
                value: carrier,
                label: t(`heatingCarrier.${carrier}`),
              }))}
            />
            <TextInput
              label={t('fields.heatedArea')}
              description={t('fields.heatedAreaDescription')}
              inputMode="decimal"
              autoComplete="off"
              key={form.key('heatedArea')}
              {...input('heatedArea')}
            />
            <TextInput
              label={t('fields.buildYear')}
              inputMode="numeric"
              autoComplete="off"
              key={form.key('buildYear')}
              {...input('buildYear')}
            />
            <TimeZoneSelect label={t('fields.timeZone')} form={form} />
            <TextInput
              label={t('fields.geoFactor')}
              description={t('fields.geoFactorDescription')}
              inputMode="decimal"
              autoComplete="off"
              key={form.key('geoFactor')}
              {...input('geoFactor')}
            />
            <OfflineAfterSelect form={form} />
          </SimpleGrid>
          {message}
          <Group gap="md" justify="space-between">
            <Anchor component={Link} c="blue.8" to={leaveTo}>
              {leaveLabel}
            </Anchor>
            <Button type="submit" color="blue.8" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
