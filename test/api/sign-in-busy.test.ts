/**
 * A sign-in the server is too busy to check (503 from the hashing queue, Retry-After) is no failed
 * attempt (decision 046): a person whose retries meet the queue full is not locked out of the account.
 * The test fills the process's real hashing gate with work it holds, then lets it go.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HASHING_CAPACITY, hashing } from '../../src/server/modules/auth/passwords';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers 503 with Retry-After while every hashing slot is taken, and counts none of those as failures', async () => {
  const { user, password } = await t.signUp();
  const signIn = (pass = password) => t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: pass } });

  // Work that waits for `release`; those queued behind it run (and end at once) as soon as it is released.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: HASHING_CAPACITY }, () => hashing(() => released));
  // More refusals than the account's 10 failures from one address: counted as failures, they locked it.
  for (let i = 0; i < 12; i += 1) {
    const busy = await signIn();
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ error: 'The server is busy signing people in. Please try again in a moment.' });
    expect(busy.headers['retry-after']).toBe('2');
  }
  release();
  await Promise.all(held);

  const again = await signIn();
  expect(again.statusCode, again.body).toBe(200);
  // Failures still count: ten wrong passwords lock the account from this address.
  for (let i = 0; i < 10; i += 1) expect((await signIn('Wrong-Passw0rd')).statusCode).toBe(401);
  const locked = await signIn();
  expect(locked.statusCode).toBe(429);
  expect(locked.json()).toEqual({ error: 'Too many failed sign-in attempts. Please try again in 15 minutes.' });
});
