import { describe, expect, it } from 'vitest';
import { ForegroundActivity } from './foreground';

/**
 * A clock that moves only when the code under test sleeps, and requests that arrive on its ticks
 * (each answered at once: started and finished on the same tick).
 */
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
          activity.requestFinished();
        }
      }
      now = until;
      return Promise.resolve();
    },
  });
  const request = () => {
    activity.requestStarted();
    activity.requestFinished();
  };
  return { activity, slept, elapsed: () => now - 1_000, request };
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

describe('a request counts until its response is done', () => {
  it('while one long answer streams, with no other request starting, it waits its cap', async () => {
    const shop = fakeShop(undefined);
    shop.activity.requestStarted();
    await shop.activity.gap(5, 100);
    expect(shop.elapsed()).toBe(100);
  });

  it('once the answer is done, it waits out the gap after it, then goes', async () => {
    const shop = fakeShop(undefined);
    shop.activity.requestStarted();
    await shop.activity.gap(5, 30);
    shop.activity.requestFinished();
    const before = shop.elapsed();
    await shop.activity.gap(5, 100);
    expect(shop.elapsed() - before).toBe(5);
  });

  it('a finish without a start (a closed connection counted twice) never leaves it waiting', async () => {
    const shop = fakeShop(undefined);
    shop.activity.requestFinished();
    shop.activity.requestFinished();
    shop.request();
    const before = shop.elapsed();
    await shop.activity.gap(5, 100);
    expect(shop.elapsed() - before).toBe(5);
  });
});
