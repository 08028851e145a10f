// Registering (SPEC §2 'signup' without a key): a visitor gives an address and the API mails a
// link to complete the account. The answer never says whether the address already has one.
import { CreateUserSchema } from '@portal/contracts/users';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import { ScreenLink } from '../components/auth-screen-parts';
import { EmailRequestForm } from '../components/email-request-form';
import { requestRegistration } from '../model/account-calls';

export default function SignupRequestScreen() {
  const { t, i18n } = useTranslation('auth');
  return (
    <EmailRequestForm
      title={t('signup.requestTitle')}
      intro={t('signup.requestIntro')}
      submitLabel={t('signup.requestSubmit')}
      sentTitle={t('signup.sentTitle')}
      sentText={(email) => t('signup.sentText', { email })}
      schema={CreateUserSchema}
      request={(email) => requestRegistration(email, currentLanguage(i18n))}
      footer={
        <ScreenLink
          to={paths.login.href()}
          lead={t('common.haveAccount')}
          label={t('common.toLogin')}
        />
      }
    />
  );
}
