// 'Edit area' (SPEC §2 …/edit-area): the new-area form, filled in, saved with PUT and back to the
// area with 'Updated'. Users of the area's organization see that they may not change areas
// instead of the form.
import { Stack, Text, Title } from '@mantine/core';
import type { Area } from '@portal/contracts/areas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useGetAreaQuery, useUpdateAreaMutation } from '../../../api/areas';
import { AreasNotFound } from '../../../components/areas-not-found';
import { Loading } from '../../../components/loading';
import { QueryState } from '../../../components/query-state';
import { SiteManagerOnly } from '../../../components/site-manager-only';
import { paths } from '../../../config/paths';
import { useCanonicalAreaUrl } from '../../../lib/area-canonical-url';
import { useAreaLabel } from '../../../lib/area-name';
import { currentLanguage } from '../../../lib/i18n';
import { AreaFailureAlert } from '../components/area-failure-alert';
import { AreaForm } from '../components/area-form';
import { noticeState } from '../components/area-notice';
import { areaFormValuesOf } from '../model/area-form-values';

function EditAreaForm({ area }: { area: Area }) {
  const { t, i18n } = useTranslation('areas');
  const navigate = useNavigate();
  const [updateArea] = useUpdateAreaMutation();
  return (
    <AreaForm
      initial={areaFormValuesOf(area, currentLanguage(i18n))}
      submitLabel={t('form.save')}
      cancelTo={paths.area.href(area.propertyId, area.areaType, area.id)}
      onSubmit={async (changes) => {
        const updated = await updateArea({
          id: area.id,
          propertyId: area.propertyId,
          ...changes,
        }).unwrap();
        await navigate(paths.area.href(updated.propertyId, updated.areaType, updated.id), {
          state: noticeState({ kind: 'updated' }),
        });
      }}
      failureAlert={(failure, dismiss) => (
        <AreaFailureAlert
          failure={failure}
          title={t('messages.updateFailed')}
          forbiddenTitle={t('messages.noPermissionChange')}
          onClose={dismiss}
        />
      )}
    />
  );
}

export default function AreaEditScreen() {
  const { t } = useTranslation('areas');
  const { propertyId = '', areaId = '' } = useParams();
  const label = useAreaLabel();
  const query = useGetAreaQuery(areaId);
  const area = query.data;
  useCanonicalAreaUrl(area, paths.areaEdit.href);

  const frame = (content: ReactNode) => (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>{t('form.editTitle')}</Title>
        {area && <Text c="dimmed">{label(area)}</Text>}
      </Stack>
      {content}
    </Stack>
  );

  return (
    <QueryState
      queries={[query]}
      notFound={<AreasNotFound subject="area" propertyId={propertyId} />}
      failed={{ title: t('detail.loadFailed') }}
      failedFrame={frame}
      loading={frame(<Loading />)}
    >
      {() =>
        area &&
        frame(
          <SiteManagerOnly
            organizationId={area.organizationId}
            title={t('messages.noPermissionChange')}
            backTo={paths.area.href(area.propertyId, area.areaType, area.id)}
            backLabel={t('readOnly.back')}
          >
            {/* Keyed by the area: another area's values never linger in the fields. */}
            {() => <EditAreaForm key={area.id} area={area} />}
          </SiteManagerOnly>,
        )
      }
    </QueryState>
  );
}
