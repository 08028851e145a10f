// 'Several areas' (SPEC §2 overview/new-area/multiple): one area per number from 'From' to 'To'
// inclusive (DESIGN §5: all or none, at most 500), previewed live and checked before sending;
// then the property's areas of that type with '24 areas created'.
import {
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { CreateAreasSchema, MAX_AREAS_AT_ONCE } from '@portal/contracts/areas';
import { AREA_TYPES, type AreaType } from '@portal/contracts/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCreateAreasMutation } from '../../../api/areas';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../lib/contract-form';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { AreaCreateFrame } from '../components/area-create-frame';
import { AreaFailureAlert } from '../components/area-failure-alert';
import { noticeState } from '../components/area-notice';
import { AreasRangePreview } from '../components/areas-range-preview';
import { type AreaFailure, areaFailureOf } from '../model/area-failure';
import { floorAreaExample } from '../model/area-form-values';
import { emptyRangeForm, RANGE_FORM, type RangeFormValues } from '../model/areas-range';

/** The request body, as the schema leaves it. */
type CheckedRange = ReturnType<typeof CreateAreasSchema.parse>;

function RangeForm({ propertyId, areaType }: { propertyId: string; areaType: AreaType }) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const navigate = useNavigate();
  const [createAreas] = useCreateAreasMutation();
  const { form, onSubmit, showServerIssues } = useContractForm(CreateAreasSchema, {
    ...RANGE_FORM,
    initialValues: emptyRangeForm(areaType),
  });
  const [failure, setFailure] = useState<AreaFailure>();

  async function create(range: CheckedRange) {
    setFailure(undefined);
    try {
      const created = await createAreas({ propertyId, ...range }).unwrap();
      await navigate(paths.propertyAreasOfType.href(propertyId, range.areaType), {
        state: noticeState({ kind: 'created', count: created.length }),
      });
    } catch (error) {
      setFailure(areaFailureOf(error, { range: true }));
      showServerIssues(error);
    }
  }

  const input = (field: keyof RangeFormValues) => ({
    name: field,
    ...form.getInputProps(field),
  });

  return (
    <Card withBorder padding="lg">
      <form onSubmit={onSubmit(create)} noValidate>
        <Stack gap="md">
          <Text c="dimmed">
            {t('bulk.intro', { max: formatNumber(MAX_AREAS_AT_ONCE, language) })}
          </Text>
          <NativeSelect
            label={t('bulk.type')}
            key={form.key('areaType')}
            {...input('areaType')}
            data={AREA_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
          />
          {/* Side by side even on a phone: the two ends of one range. 'To' is inclusive, as the
              intro says and the preview shows. */}
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label={t('bulk.from')}
              inputMode="numeric"
              autoComplete="off"
              required
              key={form.key('from')}
              {...input('from')}
            />
            <TextInput
              label={t('bulk.to')}
              inputMode="numeric"
              autoComplete="off"
              required
              key={form.key('to')}
              {...input('to')}
            />
          </SimpleGrid>
          <TextInput
            label={t('bulk.namePrefix')}
            description={t('bulk.namePrefixDescription')}
            autoComplete="off"
            key={form.key('namePrefix')}
            {...input('namePrefix')}
          />
          <TextInput
            label={t('bulk.floorArea')}
            description={t('bulk.floorAreaDescription', { example: floorAreaExample(language) })}
            inputMode="decimal"
            autoComplete="off"
            key={form.key('floorArea')}
            {...input('floorArea')}
          />
          <AreasRangePreview form={form} />
          {failure && (
            <AreaFailureAlert
              failure={failure}
              title={t('messages.createFailed')}
              forbiddenTitle={t('messages.noPermissionCreate')}
              onClose={() => setFailure(undefined)}
            />
          )}
          <Group gap="md" justify="space-between">
            <Anchor component={Link} c="blue.8" to={paths.propertyAreas.href(propertyId)}>
              {t('form.cancel')}
            </Anchor>
            <Button type="submit" color="blue.8" loading={form.submitting}>
              {t('bulk.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export default function AreasNewScreen() {
  const { t } = useTranslation('areas');
  return (
    <AreaCreateFrame
      title={t('bulk.title')}
      form={(propertyId, areaType) => <RangeForm propertyId={propertyId} areaType={areaType} />}
    />
  );
}
