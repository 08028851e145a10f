// 'New area' (SPEC §2 overview/new-area): one area's form; the new area opens with 'Area created'.
import type { AreaType } from '@portal/contracts/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateAreaMutation } from '../../../api/areas';
import { paths } from '../../../config/paths';
import { AreaCreateFrame } from '../components/area-create-frame';
import { AreaFailureAlert } from '../components/area-failure-alert';
import { AreaForm } from '../components/area-form';
import { noticeState } from '../components/area-notice';
import { emptyAreaForm } from '../model/area-form-values';

function NewAreaForm({ propertyId, areaType }: { propertyId: string; areaType: AreaType }) {
  const { t } = useTranslation('areas');
  const navigate = useNavigate();
  const [createArea] = useCreateAreaMutation();
  return (
    <AreaForm
      initial={emptyAreaForm(areaType)}
      submitLabel={t('form.create')}
      cancelTo={paths.propertyAreas.href(propertyId)}
      onSubmit={async (area) => {
        const created = await createArea({ propertyId, ...area }).unwrap();
        await navigate(paths.area.href(created.propertyId, created.areaType, created.id), {
          state: noticeState({ kind: 'created', count: 1 }),
        });
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
