// The property form shared by creating and editing (SPEC §2 properties/new, edit-property): name,
// organization, address, type, heated floor area Atemp, build year, time zone, heating carrier
// and Fgeo, checked with the contract's schema before anything is sent.
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
import {
  HEATING_CARRIERS,
  type HeatingCarrier,
  PROPERTY_TYPES,
  type PropertyType,
} from '@portal/contracts/domain';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/properties';
import {
  type FormEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import {
  checkProperty,
  type Problem,
  type PropertyField,
  type PropertyFormValues,
  type PropertyPayload,
  type PropertyProblems,
} from '../model/property-form-values';

/** Every zone the browser knows, and the one already chosen even if it does not list it. */
function timeZoneOptions(current: string) {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, DEFAULT_TIME_ZONE, 'UTC', current])].sort();
}

/** Some 400 options: kept out of the re-render every keystroke in another field causes. */
const TimeZoneSelect = memo(function TimeZoneSelect({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (timeZone: string) => void;
}) {
  const [options] = useState(() => timeZoneOptions(value));
  return (
    <Select
      label={label}
      name="timeZone"
      searchable
      allowDeselect={false}
      data={options}
      // Typing replaces the chosen zone rather than adding to its name.
      onFocus={(event) => event.currentTarget.select()}
      value={value}
      error={error}
      onChange={(zone) => {
        if (zone) onChange(zone);
      }}
    />
  );
});

export function PropertyForm({
  organizations,
  initial,
  submitLabel,
  leaveTo,
  leaveLabel,
  saving,
  message,
  onSubmit,
}: {
  organizations: readonly { id: string; name: string }[];
  initial: PropertyFormValues;
  submitLabel: string;
  leaveTo: string;
  leaveLabel: string;
  saving: boolean;
  /** The outcome of the last attempt, shown above the buttons. */
  message?: ReactNode;
  onSubmit: (property: PropertyPayload) => void;
}) {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<PropertyProblems>({});
  const [attempts, setAttempts] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // After a refused attempt the first field to fix gets the focus, so it is read out.
  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const set = <K extends PropertyField>(field: K, value: PropertyFormValues[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));
  const setTimeZone = useCallback((timeZone: string) => {
    setValues((previous) => ({ ...previous, timeZone }));
  }, []);
  const error = (field: PropertyField) => {
    const problem: Problem | undefined = problems[field];
    if (!problem) return undefined;
    return t(problem.key, problem.values ?? {});
  };
  const text = (field: 'name' | 'address' | 'heatedArea' | 'buildYear' | 'geoFactor') => ({
    name: field,
    value: values[field],
    error: error(field),
    onChange: (event: { currentTarget: HTMLInputElement }) => set(field, event.currentTarget.value),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkProperty(values, language);
    setProblems(checked.ok ? {} : checked.problems);
    if (checked.ok) onSubmit(checked.property);
    else setAttempts((count) => count + 1);
  }

  const chosen = organizations.some(({ id }) => id === values.organizationId);
  return (
    <Card withBorder padding="lg">
      <form ref={form} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('fields.name')} required autoComplete="off" {...text('name')} />
          <NativeSelect
            label={t('fields.organization')}
            name="organizationId"
            required
            value={values.organizationId}
            error={error('organizationId')}
            onChange={(event) => set('organizationId', event.currentTarget.value)}
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
            {...text('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label={t('fields.propertyType')}
              name="propertyType"
              value={values.propertyType}
              onChange={(event) => set('propertyType', event.currentTarget.value as PropertyType)}
              data={PROPERTY_TYPES.map((type) => ({
                value: type,
                label: t(`propertyType.${type}`),
              }))}
            />
            <NativeSelect
              label={t('fields.heatingCarrier')}
              name="heatingCarrier"
              value={values.heatingCarrier}
              onChange={(event) =>
                set('heatingCarrier', event.currentTarget.value as HeatingCarrier)
              }
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
              {...text('heatedArea')}
            />
            <TextInput
              label={t('fields.buildYear')}
              inputMode="numeric"
              autoComplete="off"
              {...text('buildYear')}
            />
            <TimeZoneSelect
              label={t('fields.timeZone')}
              value={values.timeZone}
              error={error('timeZone')}
              onChange={setTimeZone}
            />
            <TextInput
              label={t('fields.geoFactor')}
              description={t('fields.geoFactorDescription')}
              inputMode="decimal"
              autoComplete="off"
              {...text('geoFactor')}
            />
          </SimpleGrid>
          {message}
          <Group gap="md" justify="space-between">
            <Anchor component={Link} c="blue.8" to={leaveTo}>
              {leaveLabel}
            </Anchor>
            <Button type="submit" color="blue.8" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
