import { setTimeout as sleep } from 'node:timers/promises';

/**
 * When the shop last began answering a request, so that background work can give way to buyers.
 * The email outbox renders a PDF and writes or sends a message per email, on worker threads and
 * this thread, with statements of its own: run flat out beside a burst of checkouts it took a
 * third of the machine from them (bench, PostgreSQL, 2 cores: 962 orders/s beside the outbox,
 * 1 490 with it stopped). So before each email it waits for a gap in the requests, but never
 * longer than its cap: under a burst the emails go out more slowly and the checkouts keep their
 * pace; between requests (the usual day) the wait is a few milliseconds; when the burst ends
 * the backlog goes at full speed.
 *
 * A request counts from its start until its response is done, not only at its start: one long
 * answer (the orders CSV, streaming for seconds while its database works) is a buyer or an owner
 * waiting as much as a burst of short ones, and the outbox used to see no new request start and
 * go flat out beside it (docs/performance.md, round 4).
 */
export class ForegroundActivity {
  private lastActiveAt = Number.NEGATIVE_INFINITY;
  private inFlight = 0;

  constructor(
    private readonly clock: {
      now: () => number;
      sleep: (ms: number) => Promise<unknown>;
    } = { now: () => performance.now(), sleep },
  ) {}

  requestStarted(): void {
    this.inFlight++;
    this.lastActiveAt = this.clock.now();
  }

  /** The response of a started request is done (sent, or its connection closed): once per start. */
  requestFinished(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastActiveAt = this.clock.now();
  }

  /**
   * Resolves once no request has been in flight for `gapMs`, or after `maxWaitMs` however busy the
   * shop is (background work is slowed, never starved); at once when `maxWaitMs` is 0.
   */
  async gap(gapMs: number, maxWaitMs: number): Promise<void> {
    const deadline = this.clock.now() + maxWaitMs;
    for (;;) {
      const now = this.clock.now();
      const quietFor = this.inFlight > 0 ? 0 : now - this.lastActiveAt;
      if (quietFor >= gapMs || now >= deadline) return;
      await this.clock.sleep(Math.min(gapMs - quietFor, deadline - now));
    }
  }
}
