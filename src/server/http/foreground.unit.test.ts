import { describe, expect, it } from 'vitest';
import { ForegroundActivity } from './foreground';

/** A clock that moves only when the code under test sleeps, and requests that arrive on its ticks. */
function fakeShop(requestEveryMs: number | undefined) {
  let now = 1_000;
  const slept: number[] = [];
  const activity = new ForegroundActivity({
    now: () => now,
    sleep: (ms) => {
      slept.push(ms);
      const until = now + ms;
      // Requests keep arriving while the background work sleeps.
      if (requestEveryMs !== undefined) {
        for (let t = now + requestEveryMs; t <= until; t += requestEveryMs) {
          now = t;
          activity.requestStarted();
        }
      }
      now = until;
      return Promise.resolve();
    },
  });
  return { activity, slept, elapsed: () => now - 1_000, request: () => activity.requestStarted() };
}

describe('background work gives way to requests', () => {
  it('with no request for a while it goes at once', async () => {
    const shop = fakeShop(undefined);
    await shop.activity.gap(5, 100);
    expect(shop.slept).toEqual([]);
  });

  it('right after a request it waits out the rest of the gap, then goes', async () => {
    const shop = fakeShop(undefined);
    shop.request();
    await shop.activity.gap(5, 100);
    expect(shop.elapsed()).toBe(5);
  });

  it('while requests keep coming it waits its cap, and then goes anyway (slowed, never starved)', async () => {
    const shop = fakeShop(1);
    shop.request();
    await shop.activity.gap(5, 100);
    expect(shop.elapsed()).toBe(100);
  });

  it('when the requests thin out to gaps longer than the one it needs, it goes at the first', async () => {
    const shop = fakeShop(20);
    shop.request();
    await shop.activity.gap(5, 100);
    expect(shop.elapsed()).toBe(5);
  });

  it('a cap of 0 never waits', async () => {
    const shop = fakeShop(1);
    shop.request();
    await shop.activity.gap(5, 0);
    expect(shop.slept).toEqual([]);
  });
});
