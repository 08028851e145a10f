// How much of the file has gone out, while it uploads: a bar a screen reader names and reads.
import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export function UploadProgress({ progress, label }: { progress: number; label?: string }) {
  const { t, i18n } = useTranslation('images');
  const percent = Math.round(progress * 100);
  const text = label ?? t('upload.progress');
  return (
    <Stack gap={4}>
      <Text size="sm">
        {text}: {formatNumber(progress, currentLanguage(i18n), { style: 'percent' })}
      </Text>
      <Progress value={percent} aria-label={text} color="blue.8" size="lg" animated />
    </Stack>
  );
}
