// When an image was added, on the property's clock (as the device's own times are), written the
// language's way.
import type { Language } from '@portal/contracts/domain';
import { formatDate } from '../../../lib/format';

export const formatImageTime = (iso: string, language: Language, timeZone?: string) =>
  formatDate(new Date(iso), language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
