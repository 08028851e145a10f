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
import { MAX_AREAS_AT_ONCE } from '@portal/contracts/areas';
import { AREA_TYPES, type AreaType } from '@portal/contracts/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCreateAreasMutation } from '../../../api/areas';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { AreaCreateFrame } from '../components/area-create-frame';
import { AreaFailureAlert } from '../components/area-failure-alert';
import { noticeState } from '../components/area-notice';
import { AreasRangePreview } from '../components/areas-range-preview';
import { type AreaFailure, areaFailureOf } from '../model/area-failure';
import type { Problems } from '../model/area-form-check';
import { floorAreaExample } from '../model/area-number-input';
import { useProblemText } from '../model/area-problem-text';
import {
  checkRange,
  emptyRangeForm,
  type RangeField,
  type RangeFormValues,
} from '../model/areas-range-check';

function RangeForm({ propertyId, areaType }: { propertyId: string; areaType: AreaType }) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const navigate = useNavigate();
  const problemText = useProblemText();
  const [createAreas, { isLoading: saving }] = useCreateAreasMutation();
  const [values, setValues] = useState<RangeFormValues>(() => emptyRangeForm(areaType));
  const [problems, setProblems] = useState<Problems<RangeField>>({});
  const [failure, setFailure] = useState<AreaFailure>();

  const set = <K extends keyof RangeFormValues>(key: K, value: RangeFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkRange(values, language);
    setProblems(checked.ok ? {} : checked.problems);
    setFailure(undefined);
    if (!checked.ok) return;
    try {
      const created = await createAreas({ propertyId, ...checked.body }).unwrap();
      await navigate(paths.propertyAreasOfType.href(propertyId, checked.body.areaType), {
        state: noticeState({ kind: 'created', count: created.length }),
      });
    } catch (error) {
      setFailure(areaFailureOf(error, { range: true }));
    }
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text c="dimmed">
            {t('bulk.intro', { max: formatNumber(MAX_AREAS_AT_ONCE, language) })}
          </Text>
          <NativeSelect
            label={t('bulk.type')}
            name="areaType"
            value={values.areaType}
            onChange={(event) => set('areaType', event.currentTarget.value as AreaType)}
            data={AREA_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
          />
          {/* Side by side even on a phone: the two ends of one range. 'To' is inclusive, as the
              intro says and the preview shows. */}
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label={t('bulk.from')}
              name="from"
              inputMode="numeric"
              autoComplete="off"
              required
              value={values.from}
              error={problemText(problems.from)}
              onChange={(event) => set('from', event.currentTarget.value)}
            />
            <TextInput
              label={t('bulk.to')}
              name="to"
              inputMode="numeric"
              autoComplete="off"
              required
              value={values.to}
              error={problemText(problems.to)}
              onChange={(event) => set('to', event.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label={t('bulk.namePrefix')}
            description={t('bulk.namePrefixDescription')}
            name="namePrefix"
            autoComplete="off"
            value={values.namePrefix}
            error={problemText(problems.namePrefix)}
            onChange={(event) => set('namePrefix', event.currentTarget.value)}
          />
          <TextInput
            label={t('bulk.floorArea')}
            description={t('bulk.floorAreaDescription', { example: floorAreaExample(language) })}
            name="floorArea"
            inputMode="decimal"
            autoComplete="off"
            value={values.floorArea}
            error={problemText(problems.floorArea)}
            onChange={(event) => set('floorArea', event.currentTarget.value)}
          />
          <AreasRangePreview values={values} />
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
            <Button type="submit" color="blue.8" loading={saving}>
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
