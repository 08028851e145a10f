// When a device was last heard from or added, as the people of its property read a clock: in the
// property's time zone (DESIGN §4.4: a Swedish property's devices in Swedish time, wherever the
// reader is), written the language's way.
import type { Language } from '@portal/contracts/domain';
import { formatDate } from '../../../lib/format';

export function formatDeviceTime(iso: string, language: Language, timeZone?: string) {
  return formatDate(new Date(iso), language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
}
