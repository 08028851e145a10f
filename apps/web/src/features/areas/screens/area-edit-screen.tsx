// 'Edit area' (SPEC §2 …/edit-area): the new-area form, filled in, saved with PUT and back to the
// area with 'Updated'. Users see that they may not change areas instead of the form.
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import type { Area } from '@portal/contracts/areas';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { WithSignedInUser } from '../../app/signed-in-user';
import { useAppDispatch } from '../../app/store';
import { Loading } from '../../components/loading';
import { paths } from '../../config/paths';
import { currentLanguage } from '../../lib/i18n';
import { NoAreaPermission } from './area-access';
import { useCanonicalAreaUrl } from './area-canonical-url';
import { areaFailureOf, isNotFound } from './area-failure';
import { AreaFailureAlert } from './area-failure-alert';
import { AreaForm } from './area-form';
import { areaFormValuesOf } from './area-form-check';
import { useAreaLabel } from './area-name';
import { noticeState } from './area-notice';
import { AreasNotFound } from './areas-not-found';
import { propertiesApi, useGetAreaQuery, useUpdateAreaMutation } from './properties-api';

function EditAreaForm({ area }: { area: Area }) {
  const { t, i18n } = useTranslation('areas');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [updateArea] = useUpdateAreaMutation();
  return (
    <AreaForm
      initial={areaFormValuesOf(area, currentLanguage(i18n))}
      submitLabel={t('form.save')}
      cancelTo={paths.area.href(area.propertyId, area.areaType, area.id)}
      onSubmit={async (changes) => {
        try {
          const updated = await updateArea({
            id: area.id,
            propertyId: area.propertyId,
            ...changes,
          }).unwrap();
          // The area's screen shows the saved values at once, not the old ones until it refetches.
          dispatch(
            propertiesApi.util.upsertQueryEntries([
              { endpointName: 'getArea', arg: updated.id, value: updated },
            ]),
          );
          await navigate(paths.area.href(updated.propertyId, updated.areaType, updated.id), {
            state: noticeState({ kind: 'updated' }),
          });
          return undefined;
        } catch (error) {
          return areaFailureOf(error);
        }
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
  const { data: area, error, isLoading, refetch } = useGetAreaQuery(areaId);
  useCanonicalAreaUrl(area, paths.areaEdit.href);

  if (isNotFound(error)) return <AreasNotFound subject="area" propertyId={propertyId} />;

  function content() {
    if (isLoading) return <Loading />;
    if (!area)
      return (
        <Alert color="red" role="alert" title={t('detail.loadFailed')}>
          <Button variant="outline" color="red.9" size="xs" onClick={() => void refetch()}>
            {t('messages.retry')}
          </Button>
        </Alert>
      );
    const areaHref = paths.area.href(area.propertyId, area.areaType, area.id);
    return (
      <WithSignedInUser>
        {(user) =>
          user.role === 'site-manager' ? (
            // Keyed by the area: another area's values never linger in the fields.
            <EditAreaForm key={area.id} area={area} />
          ) : (
            <NoAreaPermission
              title={t('messages.noPermissionChange')}
              backTo={areaHref}
              backLabel={t('readOnly.back')}
            />
          )
        }
      </WithSignedInUser>
    );
  }

  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>{t('form.editTitle')}</Title>
        {area && <Text c="dimmed">{label(area)}</Text>}
      </Stack>
      {content()}
    </Stack>
  );
}
