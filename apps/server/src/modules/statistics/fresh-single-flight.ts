// Lets concurrent identical reads share one query without ever answering from before a caller
// arrived: a caller that finds a read of its key under way waits for it to end and joins the
// next one, which then starts and answers everyone who joined while the first ran. So a caller
// always gets rows read after it asked — whatever committed before its request is in them — and
// under load a key costs one query per query-time rather than one per request (W4: sixteen
// dashboards asking for the same year by month). No result outlives its read: this is no cache.

type Flight<T> = { running: Promise<T>; next: Promise<T> | undefined };

const ignore = () => undefined;

export class FreshSingleFlight<T> {
  private readonly flights = new Map<string, Flight<T>>();

  /** `read`'s result for the key, from a read that started after this call. */
  run(key: string, read: () => Promise<T>): Promise<T> {
    const flight = this.flights.get(key);
    if (!flight) {
      const created: Flight<T> = { running: Promise.resolve() as Promise<T>, next: undefined };
      this.flights.set(key, created);
      return this.start(key, created, read);
    }
    flight.next ??= flight.running.then(ignore, ignore).then(() => this.start(key, flight, read));
    return flight.next;
  }

  /** How many keys have a read under way (tests). */
  get size() {
    return this.flights.size;
  }

  private start(key: string, flight: Flight<T>, read: () => Promise<T>): Promise<T> {
    const running = read();
    flight.running = running;
    flight.next = undefined;
    const settle = () => {
      // Nobody joined while it ran: the key is free again.
      if (flight.running === running && flight.next === undefined) this.flights.delete(key);
    };
    running.then(settle, settle);
    return running;
  }
}
