// Which topics are a gateway's own: its UUID or its ID number in any written form, never a
// wildcard, never another gateway's.
import { describe, expect, it } from 'vitest';
import { gatewayTopic, namesGateway, readGatewayTopic } from './gateway-topics';

const gateway = { id: '3f2c1a4e-8d7b-4c6a-9e5f-1a2b3c4d5e6f', idNumber: 'AA:BB:CC:DD:EE:FF' };

describe('gateway topics', () => {
  it('reads the three channels and nothing else', () => {
    expect(readGatewayTopic(`gateways/${gateway.id}/readings`)).toEqual({
      ref: gateway.id,
      channel: 'readings',
    });
    expect(readGatewayTopic('gateways/x/results')?.channel).toBe('results');
    expect(readGatewayTopic('gateways/x/status')?.channel).toBe('status');
    for (const topic of [
      'gateways/x/other',
      'gateways/x/readings/more',
      'gateways//readings',
      'gateway/x/readings',
      'gateways/+/results',
      'gateways/#',
      'gateways/a#/results',
      '$SYS/broker/heartbeat',
      'readings',
    ])
      expect(readGatewayTopic(topic), topic).toBeUndefined();
  });

  it('knows a gateway by its UUID in any case and by its ID number as people write it', () => {
    for (const name of [
      gateway.id,
      gateway.id.toUpperCase(),
      'AA:BB:CC:DD:EE:FF',
      'aabbccddeeff',
      'AA-BB-CC-DD-EE-FF',
    ])
      expect(namesGateway(name, gateway), name).toBe(true);
    for (const name of ['AA:BB:CC:DD:EE:00', '3f2c1a4e-8d7b-4c6a-9e5f-000000000000', ''])
      expect(namesGateway(name, gateway), name).toBe(false);
  });

  it('knows a gateway kept under a confirmed id of its own form by that id', () => {
    const odd = { id: gateway.id, idNumber: 'GW-LAUNDRY-1' };
    expect(namesGateway('gw-laundry-1', odd)).toBe(true);
    expect(namesGateway('GW-LAUNDRY-2', odd)).toBe(false);
  });

  it('writes a channel with the id the gateway used', () => {
    expect(gatewayTopic('aabbccddeeff', 'results')).toBe('gateways/aabbccddeeff/results');
  });
});
