// 'Show QR code' of a network: its join card — the QR code a phone's camera joins from, the name
// and password beside it in large text for those who type them — and a Print button that prints
// the card alone (wifi-print.css). The password is fetched when the card opens and forgotten when
// it closes.
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Wifi, wifiQrText } from '@portal/contracts/wifi';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { Loading } from '../../../components/loading';
import { useWifiPassword } from '../api/use-wifi-password';
import { WifiQrCode } from './wifi-qr-code';
import './wifi-print.css';

const SMALL_SCREEN = '(max-width: 36em)';

function JoinCard({ network, password }: { network: Wifi; password: string }) {
  const { t } = useTranslation('wifi');
  return (
    <div className="wifi-print-card">
      <WifiQrCode
        text={wifiQrText({ ...network, password })}
        label={t('qr.alt', { ssid: network.ssid })}
        failedText={t('qr.failed')}
      />
      <dl className="wifi-print-card-text">
        <dt>{t('qr.network')}</dt>
        <dd>{network.ssid}</dd>
        <dt>{t('qr.password')}</dt>
        <dd className={password ? 'wifi-print-card-password' : undefined}>
          {password || t('qr.none')}
        </dd>
        {network.hidden && (
          <>
            <dt>{t('qr.hidden')}</dt>
            <dd style={{ fontSize: '1rem', fontWeight: 400 }}>{t('qr.hiddenText')}</dd>
          </>
        )}
        <dt>{t('qr.scanTitle')}</dt>
        <dd style={{ fontSize: '1rem', fontWeight: 400 }}>{t('qr.scan')}</dd>
      </dl>
    </div>
  );
}

export function WifiQrDialog({
  network,
  opened,
  onClose,
}: {
  network: Wifi;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('wifi');
  const { t: common } = useTranslation();
  const small = useMediaQuery(SMALL_SCREEN);
  const { password, failure } = useWifiPassword(network, opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('qr.title', { ssid: network.ssid })}
      closeButtonProps={{ 'aria-label': common('common.close') }}
      classNames={{ content: 'wifi-qr-dialog' }}
      // A fade only: a transform left on the dialog would make it the printed card's frame.
      transitionProps={{ transition: 'fade' }}
      fullScreen={small}
      size="lg"
      centered
    >
      <Stack gap="lg">
        {failure && (
          <FailureAlert
            failure={failure}
            namespace="wifi"
            title={t('network.passwordFailed')}
            forbiddenTitle={t('network.passwordFailed')}
          />
        )}
        {!failure && password === undefined && <Loading />}
        {password !== undefined && <JoinCard network={network} password={password} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('qr.close')}
          </Button>
          <Button color="blue.8" disabled={password === undefined} onClick={() => window.print()}>
            {t('qr.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
