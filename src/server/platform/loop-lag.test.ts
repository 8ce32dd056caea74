import { expect, it } from 'vitest';
import { createLoopLag } from './loop-lag';

const blockFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const nextTurns = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('reads a loop that stays late as late, and one stall between punctual turns as on time', async () => {
  const lag = createLoopLag(20);
  expect(lag.lagMs()).toBe(0);
  // One stall, then punctual turns: not a loop that cannot keep up.
  blockFor(300);
  await nextTurns(100);
  expect(lag.lagMs()).toBeLessThan(250);
  // Late turn after late turn.
  blockFor(300);
  await nextTurns(0);
  blockFor(300);
  await nextTurns(0);
  expect(lag.lagMs()).toBeGreaterThanOrEqual(250);
});
