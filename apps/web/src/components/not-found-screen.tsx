// Shown inside the shell for any path that leads to no screen (SPEC §2).
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { NotFoundFrame } from './not-found-frame';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <NotFoundFrame
      title={t('notFound.title')}
      text={t('notFound.text')}
      backTo={paths.dashboard.href()}
      backLabel={t('notFound.home')}
    />
  );
}
