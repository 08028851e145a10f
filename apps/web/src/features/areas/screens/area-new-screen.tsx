import type { AreaType } from '@portal/contracts/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/store';
import { paths } from '../../config/paths';
import { AreaCreateFrame } from './area-create-frame';
import { areaFailureOf } from './area-failure';
import { AreaFailureAlert } from './area-failure-alert';
import { AreaForm } from './area-form';
import { emptyAreaForm } from './area-form-check';
import { noticeState } from './area-notice';
import { propertiesApi, useCreateAreaMutation } from './properties-api';

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
  return (
    <AreaCreateFrame
      title={t('form.newTitle')}
      form={(propertyId, areaType) => <NewAreaForm propertyId={propertyId} areaType={areaType} />}
    />
  );
}
