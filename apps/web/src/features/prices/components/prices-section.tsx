// A property's prices (DESIGN §4.4 "Prices"), what its usage estimate turns use into kronor with:
// per type a price per kWh (heat, electricity) or per m³ (water) and a fixed part per month. Site
// managers change them here ('Updated', and every estimate is fetched again with them); users see
// them as they are. Checked with the contract's rules before anything is sent (lib/contract-form).
import {
  Button,
  Card,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PRICE_UNITS, PRICED_TYPES, type PricedType, type Prices } from '@portal/contracts/prices';
import type { Property } from '@portal/contracts/properties';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSiteManager } from '../../../api/current-user';
import { FailureAlert } from '../../../components/failure-alert';
import { Notice } from '../../../components/notice';
import { QueryState } from '../../../components/query-state';
import { type CallFailure, callFailureOf } from '../../../lib/call-failure';
import { useContractForm } from '../../../lib/contract-form';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatKronor, formatPricePerUnit } from '../../../lib/kronor';
import { useGetPricesQuery, useUpdatePricesMutation } from '../api/prices-api';
import {
  fixedField,
  PRICES_FORM,
  PricesFormSchema,
  perUnitField,
  priceValuesOf,
} from '../model/price-form-values';

const unitText = (type: PricedType) => (PRICE_UNITS[type] === 'm3' ? 'm³' : 'kWh');

function PricesForm({ propertyId, prices }: { propertyId: string; prices: Prices }) {
  const { t, i18n } = useTranslation('prices');
  const [updatePrices] = useUpdatePricesMutation();
  const [outcome, setOutcome] = useState<'updated' | CallFailure | null>(null);
  const { form, onSubmit, showServerIssues } = useContractForm(PricesFormSchema, {
    ...PRICES_FORM,
    initialValues: priceValuesOf(prices, currentLanguage(i18n)),
  });

  async function save(body: Parameters<Parameters<typeof onSubmit>[0]>[0]) {
    setOutcome(null);
    try {
      await updatePrices({ propertyId, ...body }).unwrap();
      setOutcome('updated');
    } catch (error) {
      // The form checks what the contract checks: a refusal the server alone finds is an alert.
      showServerIssues(error);
      setOutcome(callFailureOf(error));
    }
  }

  return (
    <form onSubmit={onSubmit(save)} noValidate aria-labelledby="prices-title">
      <Stack gap="md">
        <Text size="sm">{t('intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {PRICED_TYPES.map((type) => (
            <Fieldset key={type} legend={t(`type.${type}`)} variant="filled" p="sm">
              <Stack gap="xs">
                <TextInput
                  label={t('perUnit', { unit: unitText(type) })}
                  inputMode="decimal"
                  autoComplete="off"
                  key={form.key(perUnitField(type))}
                  name={perUnitField(type)}
                  {...form.getInputProps(perUnitField(type))}
                />
                <TextInput
                  label={t('fixedPerMonth')}
                  inputMode="decimal"
                  autoComplete="off"
                  key={form.key(fixedField(type))}
                  name={fixedField(type)}
                  {...form.getInputProps(fixedField(type))}
                />
              </Stack>
            </Fieldset>
          ))}
        </SimpleGrid>
        {outcome === 'updated' && (
          <Notice kind="success" title={t('updated')} onClose={() => setOutcome(null)}>
            {t('updatedText')}
          </Notice>
        )}
        {outcome && outcome !== 'updated' && (
          <FailureAlert
            failure={outcome}
            namespace="prices"
            title={t('failed')}
            forbiddenTitle={t('messages.noPermission')}
            onClose={() => setOutcome(null)}
          />
        )}
        <Group>
          <Button type="submit" color="blue.8" loading={form.submitting}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What a user sees: each type's price, or that it has none. */
function PricesList({ prices }: { prices: Prices }) {
  const { t, i18n } = useTranslation('prices');
  const language = currentLanguage(i18n);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('readOnlyIntro')}</Text>
      <Table>
        <Table.Tbody>
          {PRICED_TYPES.map((type) => {
            const price = prices.byType[type];
            return (
              <Table.Tr key={type}>
                <Table.Th scope="row">{t(`type.${type}`)}</Table.Th>
                <Table.Td>
                  {price
                    ? t('price', {
                        perUnit: formatPricePerUnit(price.perUnit, price.unit, language),
                        fixed: formatKronor(price.fixedPerMonth, language),
                      })
                    : t('noPrice')}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function PricesSection({ property }: { property: Property }) {
  const { t, i18n } = useTranslation('prices');
  const { t: common } = useTranslation();
  const canEdit = useIsSiteManager(property.organizationId);
  const query = useGetPricesQuery(property.id);
  const updatedAt = query.data?.updatedAt;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="prices-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="prices-title">
          {t('title')}
        </Title>
        <QueryState
          queries={[query]}
          failed={{ title: common('common.somethingWentWrong'), text: t('loadFailed') }}
        >
          {() =>
            query.data && (
              <>
                {canEdit ? (
                  <PricesForm propertyId={property.id} prices={query.data} />
                ) : (
                  <PricesList prices={query.data} />
                )}
                {updatedAt && (
                  <Text size="xs" c="dimmed">
                    {t('updatedAt', {
                      date: formatDate(new Date(updatedAt), currentLanguage(i18n), {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                        timeZone: property.timeZone,
                      }),
                    })}
                  </Text>
                )}
              </>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}
