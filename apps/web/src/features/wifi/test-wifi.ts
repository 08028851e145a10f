// For tests: a property's WiFi networks as the API describes them (read by the contract's own
// schema), and an answer to the WiFi calls like the real one (DESIGN §4.4, docs/wifi.md) — the
// contract's rules, an empty password on a change keeping the stored one, the password only on
// request — passing every other request on (undefined). The passwords are kept beside the networks,
// as the server keeps them apart.
import { ErrorCode } from '@portal/contracts/errors';
import {
  SaveWifiSchema,
  UpdateWifiSchema,
  WIFI_PASSWORD_FIT_MESSAGE,
  type Wifi,
  WifiSchema,
} from '@portal/contracts/wifi';
import { failure } from '../../test/serve-test-api';
import type { ReceivedRequest, Reply } from '../../test/test-api';

let nextId = 1;
const uuid = () => `00000000-0000-4000-b000-${String(nextId++).padStart(12, '0')}`;

export function aNetwork(
  fields: Partial<Wifi> & Pick<Wifi, 'propertyId' | 'ssid'>,
  password = 'tvatt-2024-sol',
): { network: Wifi; password: string } {
  const network = WifiSchema.parse({
    id: uuid(),
    security: 'WPA2',
    hidden: false,
    note: '',
    hasPassword: fields.security !== 'open',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...fields,
  });
  return { network, password: network.hasPassword ? password : '' };
}

const invalid = (issues: { path: PropertyKey[]; code: string; message: string }[]): Reply =>
  failure(400, issues.map((issue) => issue.message).join('; '), {
    code: ErrorCode.validation,
    details: {
      issues: issues.map((issue) => ({
        field: issue.path.join('.'),
        rule: issue.code,
        message: issue.message,
      })),
    },
  });

/** The WiFi calls of `propertyId` over `initial` (kept up to date); `refuse` answers every change
 * with that status instead. */
export function wifiApi(
  propertyId: string,
  initial: { network: Wifi; password: string }[] = [],
  { refuse }: { refuse?: 403 | 500 } = {},
) {
  const networks = initial.map((entry) => entry.network);
  const passwords = new Map(initial.map((entry) => [entry.network.id, entry.password]));
  let changes = 0;
  /** A later time for each change, as the server's updatedAt moves. */
  const now = () => new Date(Date.UTC(2026, 10, 24, 10, 0, ++changes)).toISOString();

  const respond = (request: ReceivedRequest): Reply | undefined => {
    const url = request.url ?? '';
    if (url === `/properties/${propertyId}/wifi`) {
      if (request.method === 'GET')
        return {
          status: 200,
          body: [...networks].sort((a, b) => a.ssid.localeCompare(b.ssid)),
        };
      if (refuse) return failure(refuse, 'Refused.', { code: ErrorCode.forbidden });
      const read = SaveWifiSchema.safeParse(request.body);
      if (!read.success) return invalid(read.error.issues);
      const made = aNetwork({ ...read.data, propertyId }, read.data.password);
      networks.push(made.network);
      passwords.set(made.network.id, made.password);
      return { status: 201, body: made.network };
    }
    const one = /^\/wifi\/([^/]+)(\/password)?$/.exec(url);
    if (!one) return undefined;
    const index = networks.findIndex((network) => network.id === one[1]);
    const found = networks[index];
    if (!found) return failure(404, 'WiFi network not found.', { code: ErrorCode.notFound });
    if (one[2])
      return {
        status: 200,
        body: { password: passwords.get(found.id) ?? '' },
        headers: { 'Cache-Control': 'no-store' },
      };
    if (request.method === 'GET') return { status: 200, body: found };
    if (refuse) return failure(refuse, 'Refused.', { code: ErrorCode.forbidden });
    if (request.method === 'DELETE') {
      networks.splice(index, 1);
      passwords.delete(found.id);
      return { status: 204 };
    }
    const read = UpdateWifiSchema.safeParse(request.body);
    if (!read.success) return invalid(read.error.issues);
    const { password, ...fields } = read.data;
    if (fields.security !== 'open' && password === '' && !found.hasPassword)
      return invalid([{ path: ['password'], code: 'custom', message: WIFI_PASSWORD_FIT_MESSAGE }]);
    if (fields.security === 'open') passwords.set(found.id, '');
    else if (password !== '') passwords.set(found.id, password);
    const changed: Wifi = {
      ...found,
      ...fields,
      hasPassword: fields.security !== 'open',
      updatedAt: now(),
    };
    networks[index] = changed;
    return { status: 200, body: changed };
  };

  return Object.assign(respond, {
    networks: () => networks,
    passwordOf: (id: string) => passwords.get(id),
  });
}
