// Whether a gateway is connected over MQTT, as its alerts say it: its last will opens a
// 'disconnected' offline alert at once, a new connection closes it. One gateway's changes are
// written in the order they happened (a will and the reconnection a second later must not land
// the other way round and leave the alert open); different gateways' run side by side. A write
// that fails is logged and dropped: the silence rule still sees a gateway that stays away.
import type { FastifyBaseLogger } from 'fastify';
import type { PortalDb } from '../../db/client';
import { closeGatewayDisconnected, openGatewayDisconnected } from '../alerts/alerts.repository';

export class GatewayPresence {
  /** Per gateway, the last write queued: the next one starts after it. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly db: PortalDb,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The gateway's connection dropped without a DISCONNECT (its will) at `at`. */
  disconnected(gatewayId: string, at: Date): Promise<void> {
    return this.enqueue(gatewayId, 'disconnected', async () => {
      await openGatewayDisconnected(this.db, gatewayId, at);
    });
  }

  /** The gateway connected. */
  connected(gatewayId: string): Promise<void> {
    return this.enqueue(gatewayId, 'connected', async () => {
      await closeGatewayDisconnected(this.db, gatewayId);
    });
  }

  /** Resolves when every write queued so far is done (before the database closes). */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all(this.queues.values());
  }

  private enqueue(gatewayId: string, event: string, write: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(gatewayId) ?? Promise.resolve();
    const next = previous.then(write).catch((error: unknown) => {
      this.log.error({ err: error, gatewayId, event }, 'MQTT: could not record the gateway');
    });
    this.queues.set(gatewayId, next);
    void next.then(() => {
      if (this.queues.get(gatewayId) === next) this.queues.delete(gatewayId);
    });
    return next;
  }
}
