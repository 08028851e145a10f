// 'New area' (SPEC §2 overview/new-area): one area of a property, then on to it with 'Area
// created'. A type chosen on the list arrives as ?type= and is preselected. Users see SPEC §6's
// permission message instead of the form.
import { Stack, Text, Title } from '@mantine/core';
import type { AreaType } from '@portal/contracts/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { WithSignedInUser } from '../../app/signed-in-user';
import { useAppDispatch } from '../../app/store';
import { paths } from '../../config/paths';
import { NoAreaPermission } from './area-access';
import { areaFailureOf, isNotFound } from './area-failure';
import { AreaFailureAlert } from './area-failure-alert';
import { AreaForm } from './area-form';
import { emptyAreaForm } from './area-form-check';
import { noticeState } from './area-notice';
import { usePreselectedType } from './area-type-param';
import { AreasNotFound } from './areas-not-found';
import { propertiesApi, useCreateAreaMutation, useGetPropertyQuery } from './properties-api';

function NewAreaForm({ propertyId, areaType }: { propertyId: string; areaType: AreaType }) {
  const { t } = useTranslation('areas');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [createArea] = useCreateAreaMutation();
  return (
    <AreaForm
      initial={emptyAreaForm(areaType)}
      submitLabel={t('form.create')}
      cancelTo={paths.propertyAreas.href(propertyId)}
      onSubmit={async (area) => {
        try {
          const created = await createArea({ propertyId, ...area }).unwrap();
          // The new area's screen has it already: no second request, no 'Loading...'.
          dispatch(
            propertiesApi.util.upsertQueryEntries([
              { endpointName: 'getArea', arg: created.id, value: created },
            ]),
          );
          await navigate(paths.area.href(created.propertyId, created.areaType, created.id), {
            state: noticeState({ kind: 'created', count: 1 }),
          });
          return undefined;
        } catch (error) {
          return areaFailureOf(error);
        }
      }}
      failureAlert={(failure, dismiss) => (
        <AreaFailureAlert
          failure={failure}
          title={t('messages.createFailed')}
          forbiddenTitle={t('messages.noPermissionCreate')}
          onClose={dismiss}
        />
      )}
    />
  );
}

export default function AreaNewScreen() {
  const { t } = useTranslation('areas');
  const { propertyId = '' } = useParams();
  const areaType = usePreselectedType();
  const { data: property, error } = useGetPropertyQuery(propertyId);

  if (isNotFound(error)) return <AreasNotFound subject="property" propertyId={propertyId} />;
  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>{t('form.newTitle')}</Title>
        {property && <Text c="dimmed">{property.name}</Text>}
      </Stack>
      <WithSignedInUser>
        {(user) =>
          user.role === 'site-manager' ? (
            <NewAreaForm propertyId={propertyId} areaType={areaType} />
          ) : (
            <NoAreaPermission
              title={t('messages.noPermissionCreate')}
              backTo={paths.propertyAreas.href(propertyId)}
              backLabel={t('detail.back')}
            />
          )
        }
      </WithSignedInUser>
    </Stack>
  );
}
