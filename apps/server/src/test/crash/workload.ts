// What each activity of the crash test is: calls made one after another against one server's
// life until the server is killed (a call the kill cuts off is no failure; a wrong answer is), and
// after the last kill, checks of what the database kept and what the server then serves.
import type { PortalDb } from '../../db/client';

/** A server's life as the workloads see it. */
export type ServerLife = {
  /** Its address (http://host:port). */
  url: string;
  /** A site manager's authorization, one of their own per life. */
  headers: Record<string, string>;
  /** Set just before the kill: calls failing from then on were cut off by it. */
  killed: boolean;
  /**
   * Resolves when the clients the kill waits for have had a write acknowledged. Each client waits
   * for it after its first, so that none runs ahead (work the kill would not find under way, time
   * the test would take).
   */
  together: Promise<void>;
};

export interface CrashWorkload {
  /** How the summary line names it. */
  readonly name: string;
  /** Starts its calls against a server just started, to be killed at some point. */
  start(life: ServerLife): CallLoop;
  /** After the last kill, with no server running: what the database holds of its writes. */
  checkStored(db: PortalDb): Promise<void>;
  /** Against the last server, which is not killed: finishes what the kills cut off and checks
   * what the server serves of the writes. */
  finish(life: ServerLife): Promise<void>;
  /** Its figures for the summary line: the writes acknowledged and checked. */
  summary(): string;
}

export class CallLoop {
  /** Whether a call has been sent and its answer not yet read. */
  inFlight = false;
  /** Resolves at the first write this server acknowledged (the first after a start is slow:
   * cold caches). */
  readonly firstAcknowledged: Promise<void>;
  readonly done: Promise<void>;
  #acknowledgedOnce = false;

  /**
   * Runs `call` again and again until the life is killed, or until `call` answers false; `call`
   * tells `acknowledged` of each write the server acknowledged.
   */
  constructor(life: ServerLife, call: (acknowledged: () => void) => Promise<boolean>) {
    let acknowledged = () => {};
    this.firstAcknowledged = new Promise<void>((resolve) => {
      acknowledged = () => {
        this.#acknowledgedOnce = true;
        resolve();
      };
    });
    this.done = (async () => {
      let waited = false;
      while (!life.killed) {
        if (this.#acknowledgedOnce && !waited) {
          waited = true;
          await life.together;
          continue;
        }
        this.inFlight = true;
        try {
          if (!(await call(acknowledged))) return;
        } catch (error) {
          if (life.killed) return;
          throw error;
        } finally {
          this.inFlight = false;
        }
      }
    })();
  }
}

/** Waits `ms` milliseconds. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
