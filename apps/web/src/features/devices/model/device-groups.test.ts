import { describe, expect, it } from 'vitest';
import { aDevice } from '../../../test/devices';
import { groupByType, hasGateway } from './device-groups';

describe('groupByType', () => {
  it("groups by type in SPEC §3's order and leaves out types the area has none of", () => {
    const door = aDevice({ deviceType: 'door', idNumber: 'LOCK-1A' });
    const hot = aDevice({ deviceType: 'hw', idNumber: '70000001' });
    const gw = aDevice({ deviceType: 'gw', idNumber: 'AA:BB:CC:00:00:01' });
    const heat = aDevice({ deviceType: 'heat', idNumber: '70000002' });
    expect(groupByType([door, hot, gw, heat])).toEqual([
      { type: 'heat', devices: [heat] },
      { type: 'hw', devices: [hot] },
      { type: 'gw', devices: [gw] },
      { type: 'door', devices: [door] },
    ]);
    expect(hasGateway([door, hot])).toBe(false);
    expect(hasGateway([door, gw])).toBe(true);
  });
});
