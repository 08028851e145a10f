// Runs the alert rules (alert-rules.ts) over every property every 5 minutes and once at start. On
// several replicas each tries, and the one that gets the advisory lock runs them: the others skip
// that round rather than repeat the same statements.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PortalDb } from '../../db/client';
import { SingleFlight } from '../../jobs/job-runner';
import { evaluateLeaks, evaluateOffline, type RuleOutcome } from './alert-rules';

export const ALERT_JOB_INTERVAL_MS = 5 * 60_000;
/** The advisory lock of a run ('alerts' in ASCII): held until its transaction ends. */
const ALERT_JOB_LOCK = 0x616c65727473;

export type AlertRun = { offline: RuleOutcome; leak: RuleOutcome };

/**
 * Both rules for every property in one transaction, so an answer never shows one rule's changes
 * without the other's; undefined when another replica's run holds the lock.
 */
export async function evaluateAlerts(db: PortalDb, now: Date): Promise<AlertRun | undefined> {
  return db.transaction(async (transaction) => {
    const claim = (await transaction.execute(
      sql`select pg_try_advisory_xact_lock(${ALERT_JOB_LOCK}::bigint) as claimed`,
    )) as unknown as { rows: { claimed: boolean }[] };
    if (!claim.rows[0]?.claimed) return undefined;
    const offline = await evaluateOffline(transaction, now);
    const leak = await evaluateLeaks(transaction, now);
    return { offline, leak };
  });
}

export type AlertJobOptions = {
  db: PortalDb;
  log: FastifyBaseLogger;
  /** The clock the rules judge by (tests move it). */
  now?: () => Date;
  intervalMs?: number;
};

export class AlertJob {
  readonly #options: AlertJobOptions;
  readonly #runs = new SingleFlight(() => this.#run());
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: AlertJobOptions) {
    this.#options = options;
  }

  /** Runs now, and then every interval; the timer does not keep the process alive. */
  start() {
    void this.run();
    this.#timer = setInterval(
      () => void this.run(),
      this.#options.intervalMs ?? ALERT_JOB_INTERVAL_MS,
    ).unref();
  }

  /** One run (or a share of the one under way and the one after it); never rejects. */
  run(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    return this.#runs.trigger();
  }

  /** No more runs; resolves once the one under way is over, so the database can close. */
  async stop() {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#runs.settled();
  }

  async #run() {
    const { db, log, now = () => new Date() } = this.#options;
    try {
      const outcome = await evaluateAlerts(db, now());
      if (!outcome) return;
      const changed = [outcome.offline, outcome.leak].some((rule) => rule.opened + rule.closed > 0);
      if (changed) log.info(outcome, 'alerts opened or closed');
    } catch (error) {
      // Tried again at the next interval; the alerts stay as the last run left them.
      log.error({ err: error }, 'the alert rules failed');
    }
  }
}
