// Switches between Swedish and English; i18n keeps the choice and updates <html lang>. Signed in,
// the shell also saves it to the profile (`onChange`), so the language is one setting.
import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import type { Language } from '@portal/contracts/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage, SUPPORTED_LANGUAGES } from '../lib/i18n';

export function LanguageSwitch({ onChange }: { onChange?: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={currentLanguage(i18n)}
      onChange={(value) => {
        void i18n.changeLanguage(value as Language);
        onChange?.(value as Language);
      }}
      data={SUPPORTED_LANGUAGES.map((language) => ({
        value: language,
        label: (
          <span lang={language}>
            <span aria-hidden>{t(`language.short.${language}`)}</span>
            <VisuallyHidden>{t(`language.${language}`)}</VisuallyHidden>
          </span>
        ),
      }))}
    />
  );
}
