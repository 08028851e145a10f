// A property the API does not know for this user (404: it is gone, or in someone else's
// organization), shown as a page of its own rather than an error.
import { useTranslation } from 'react-i18next';
import { NotFoundFrame } from '../../../components/not-found-frame';
import { paths } from '../../../config/paths';

export function PropertyNotFound() {
  const { t } = useTranslation('properties');
  return (
    <NotFoundFrame
      title={t('overview.notFound')}
      text={t('overview.notFoundText')}
      backTo={paths.properties.href()}
      backLabel={t('overview.back')}
    />
  );
}
