// Shapes a listed alert row (alerts.repository) as the API's Alert.
import { type Alert, LEAK_RULES, type LeakRule, OFFLINE_REASONS } from '@portal/contracts/alerts';
import type { ListedAlertRow } from './alerts.repository';

const isoOf = (milliseconds: number) => new Date(milliseconds).toISOString();

/** The rules a leak alert recorded, those the contract knows (details is free-form jsonb). */
function leakRulesOf(details: Record<string, unknown>): LeakRule[] {
  const rules = Array.isArray(details.rules) ? details.rules : [];
  return LEAK_RULES.filter((rule) => rules.includes(rule));
}

export function presentAlert(row: ListedAlertRow): Alert {
  const offline = row.kind === 'offline';
  // An offline alert written without a reason was opened by silence, the only rule there was.
  const reason = OFFLINE_REASONS.find((known) => known === row.details.reason) ?? 'silent';
  return {
    id: row.id,
    kind: row.kind,
    startedAt: isoOf(row.started_at),
    endedAt: row.ended_at === null ? null : isoOf(row.ended_at),
    device: {
      id: row.device_id,
      deviceType: row.device_type,
      idNumber: row.id_number,
      name: row.device_name,
      lastSeenAt: row.last_seen_at === null ? null : isoOf(row.last_seen_at),
    },
    area: {
      id: row.area_id,
      name: row.area_name,
      areaType: row.area_type,
      number: row.area_number,
    },
    reason: offline ? reason : null,
    silentMeterIds: [...row.silent_meter_ids].sort(),
    leakRules: offline ? [] : leakRulesOf(row.details),
  };
}
