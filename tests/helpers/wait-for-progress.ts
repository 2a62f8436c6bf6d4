import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until `count()` reaches `target`, failing only when the count has not moved for `stallMs`.
 * A fixed deadline cannot tell a hang from a loaded machine (a CI run beside other work sent the
 * crash test's last emails after its 120 s poll); a count that keeps rising is work being done, and
 * one that stands still for a minute or two is the hang the test is there to catch.
 */
export async function waitForProgress(
  count: () => number,
  target: number,
  {
    stallMs = 120_000,
    intervalMs = 250,
    what = 'items',
  }: { stallMs?: number; intervalMs?: number; what?: string } = {},
): Promise<void> {
  let last = count();
  let movedAt = Date.now();
  while (last < target) {
    await sleep(intervalMs);
    const now = count();
    if (now !== last) {
      last = now;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > stallMs) {
      throw new Error(`${what}: ${last} of ${target}, and none more in ${Math.round(stallMs / 1000)} s`);
    }
  }
}
