// Why a figure of the energy summary is missing, in words and with the way to fill it in
// (docs/energy.md "Gaps"): no Atemp (a site manager is led to the property's form; a user is told
// whom to ask), no requirement for the building type, no meter that counts.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { EnergySummary } from '@portal/contracts/energy-summary';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Information, not an error: a note that names what is missing. */
const NOTE = { color: 'blue.9', variant: 'light', role: 'note' } as const;

export function EnergySummaryGaps({
  summary,
  propertyId,
  canEdit,
}: {
  summary: Pick<EnergySummary, 'gaps' | 'ruleSet' | 'propertyType'>;
  propertyId: string;
  /** Whether the signed-in user may edit the property (a site manager of its organization). */
  canEdit: boolean;
}) {
  const { t } = useTranslation('energy');
  const { gaps } = summary;
  if (gaps.length === 0) return null;
  return (
    <Stack gap="sm">
      {gaps.includes('NO_METERS') && (
        <Alert {...NOTE} title={t('gaps.NO_METERS.title')}>
          {t('gaps.NO_METERS.text')}
        </Alert>
      )}
      {gaps.includes('NO_HEATED_AREA') && (
        <Alert {...NOTE} title={t('gaps.NO_HEATED_AREA.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('gaps.NO_HEATED_AREA.text')}</Text>
            <Text size="sm">
              {canEdit ? t('gaps.NO_HEATED_AREA.siteManager') : t('gaps.NO_HEATED_AREA.user')}
            </Text>
            {canEdit && (
              <Anchor
                component={Link}
                to={paths.propertyEdit.href(propertyId)}
                c="blue.9"
                size="sm"
              >
                {t('gaps.NO_HEATED_AREA.link')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {gaps.includes('NO_REQUIREMENT') && (
        <Alert {...NOTE} title={t('gaps.NO_REQUIREMENT.title')}>
          {t('gaps.NO_REQUIREMENT.text', {
            ruleSet: summary.ruleSet.name,
            propertyType: t(`propertyType.${summary.propertyType}`),
          })}
        </Alert>
      )}
    </Stack>
  );
}
