// Forgotten password (SPEC §2 'reset-password-email' without a key): the API mails a reset link
// if the address has an account; the screen says the same either way.
import { ResetPasswordEmailSchema } from '@portal/contracts/auth';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ScreenLink } from '../components/auth-screen-parts';
import { EmailRequestForm } from '../components/email-request-form';
import { requestPasswordReset } from '../model/account-calls';

export default function ResetPasswordRequestScreen() {
  const { t } = useTranslation('auth');
  return (
    <EmailRequestForm
      title={t('reset.requestTitle')}
      intro={t('reset.requestIntro')}
      submitLabel={t('reset.requestSubmit')}
      sentTitle={t('reset.sentTitle')}
      sentText={(email) => t('reset.sentText', { email })}
      schema={ResetPasswordEmailSchema}
      request={requestPasswordReset}
      footer={<ScreenLink to={paths.login.href()} label={t('common.backToLogin')} />}
    />
  );
}
