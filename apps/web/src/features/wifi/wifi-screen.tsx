// A property's WiFi networks (SPEC §2 property/{propertyId}/wifi; DESIGN §4.4 "WiFi";
// docs/wifi.md): every network with its security, whether it is hidden and its note; everyone of
// the organization can show a password or a network's QR code (and print it), site managers add,
// edit and delete networks ('Updated', 'Successfully deleted'). The property's name comes from the
// cache the shell fills.
import { Button, Stack, Text } from '@mantine/core';
import type { Wifi } from '@portal/contracts/wifi';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useIsSiteManager } from '../../api/current-user';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FailureAlert } from '../../components/failure-alert';
import { Notice } from '../../components/notice';
import { PropertyViewFrame } from '../../components/property-view-frame';
import { QueryState } from '../../components/query-state';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../components/text-styles';
import { type CallFailure, callFailureOf } from '../../lib/call-failure';
import { useDeleteWifiMutation, useGetWifiNetworksQuery } from './api/wifi-api';
import { WifiFormDialog } from './components/wifi-form-dialog';
import { type NetworkAction, WifiNetworkItem } from './components/wifi-network-item';
import { WifiQrDialog } from './components/wifi-qr-dialog';

type Dialog = { kind: 'add' } | { kind: NetworkAction; network: Wifi };
type Outcome =
  | { kind: 'updated' | 'deleted'; ssid: string }
  | { kind: 'failed'; failure: CallFailure };

function Networks({ propertyId, organizationId }: { propertyId: string; organizationId: string }) {
  const { t } = useTranslation('wifi');
  const canChange = useIsSiteManager(organizationId);
  const query = useGetWifiNetworksQuery(propertyId);
  const [deleteWifi, deletion] = useDeleteWifiMutation();
  const [dialog, setDialog] = useState<Dialog>();
  const [outcome, setOutcome] = useState<Outcome>();
  const close = () => setDialog(undefined);
  // The network a dialog is about, as the list now has it (an edit's answer replaces it).
  const shown = dialog?.kind === 'add' ? undefined : dialog?.network;
  const current = shown && (query.data?.find((network) => network.id === shown.id) ?? shown);

  async function remove(network: Wifi) {
    setOutcome(undefined);
    try {
      await deleteWifi({ propertyId, id: network.id }).unwrap();
      setOutcome({ kind: 'deleted', ssid: network.ssid });
    } catch (error) {
      setOutcome({ kind: 'failed', failure: callFailureOf(error) });
    } finally {
      close();
    }
  }

  return (
    <Stack gap="md">
      {outcome && outcome.kind !== 'failed' && (
        <Notice kind="success" title={t(outcome.kind)} onClose={() => setOutcome(undefined)}>
          {t(outcome.kind === 'updated' ? 'updatedText' : 'deletedText', { ssid: outcome.ssid })}
        </Notice>
      )}
      {outcome?.kind === 'failed' && (
        <FailureAlert
          failure={outcome.failure}
          namespace="wifi"
          title={t('delete.failed')}
          forbiddenTitle={t('messages.noPermission')}
          onClose={() => setOutcome(undefined)}
        />
      )}
      {canChange && (
        <Button
          color="blue.8"
          size="md"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setOutcome(undefined);
            setDialog({ kind: 'add' });
          }}
        >
          {t('add')}
        </Button>
      )}
      <QueryState
        queries={[query]}
        failed={{ title: t('load.failed'), text: t('load.failedText') }}
      >
        {() =>
          query.data &&
          (query.data.length === 0 ? (
            <Text>{canChange ? t('emptySiteManager') : t('empty')}</Text>
          ) : (
            <Stack component="ul" gap="sm" m={0} p={0} style={UNSTYLED_LIST}>
              {query.data.map((network) => (
                <li key={network.id}>
                  <WifiNetworkItem
                    network={network}
                    canChange={canChange}
                    onAction={(kind) => {
                      setOutcome(undefined);
                      setDialog({ kind, network });
                    }}
                  />
                </li>
              ))}
            </Stack>
          ))
        }
      </QueryState>
      {canChange && (
        <WifiFormDialog
          propertyId={propertyId}
          network={dialog?.kind === 'edit' ? current : undefined}
          opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
          onClose={close}
          onSaved={(saved) => {
            close();
            setOutcome({ kind: 'updated', ssid: saved.ssid });
          }}
        />
      )}
      {current && <WifiQrDialog network={current} opened={dialog?.kind === 'qr'} onClose={close} />}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={t('delete.title')}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        busy={deletion.isLoading}
        onCancel={close}
        onConfirm={() => current && void remove(current)}
      >
        <Text style={BREAK_LONG_WORDS}>{t('delete.text', { ssid: current?.ssid ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function WifiOf({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('wifi');
  return (
    <PropertyViewFrame
      propertyId={propertyId}
      texts={{
        view: t('title'),
        failedText: t('load.propertyFailedText'),
        failed: t('load.failed'),
        notFound: t('load.notFound'),
        notFoundText: t('load.notFoundText'),
        back: t('load.back'),
        toOverview: t('load.toOverview'),
      }}
    >
      {(property) => (
        <>
          <Text size="sm">{t('intro')}</Text>
          <Networks propertyId={propertyId} organizationId={property.organizationId} />
        </>
      )}
    </PropertyViewFrame>
  );
}

export default function WifiScreen() {
  const { propertyId = '' } = useParams();
  return (
    <Stack gap="lg" maw={960}>
      <WifiOf key={propertyId} propertyId={propertyId} />
    </Stack>
  );
}
