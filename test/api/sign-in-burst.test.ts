/**
 * A burst of sign-ins is answered whole (issue 40, decision 046): a whole sign-in waits its turn at a
 * bounded gate, and none waits longer than 5 s. The test holds the process's real sign-in gate busy with
 * work it never lets go of until the end: the sign-ins that wait must then be refused when they have
 * waited 5 s (without the deadline they would wait for ever and the test would not end), and the one
 * that arrives with the queue full is refused at once, before it is even counted against the API's limit.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { SIGNING_IN, signingIn } from '../../src/server/modules/auth/passwords';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BUSY = { error: 'The server is busy signing people in. Please try again in a moment.' };

it('answers every sign-in of a burst: 503 with Retry-After past the queue or after 5 s of waiting, then signs in', async () => {
  const { user, password } = await t.signUp();
  const signIn = () => t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: SIGNING_IN.concurrency }, () => signingIn(() => released));
  const waiting = Array.from({ length: SIGNING_IN.queue }, () => signIn());
  await vi.waitFor(() => expect(signingIn.refusal()).toBeDefined(), { timeout: 4_000 });

  // The queue is full: refused on arrival, not counted against the caller's API limit (no RateLimit header).
  const atOnce = await signIn();
  expect(atOnce.statusCode).toBe(503);
  expect(atOnce.json()).toEqual(BUSY);
  expect(atOnce.headers['retry-after']).toBe('2');
  expect(atOnce.headers.ratelimit).toBeUndefined();

  // The waiting ones are refused when they have waited 5 s; nothing is left unanswered.
  const waited = await Promise.all(waiting);
  expect(waited.map((r) => r.statusCode)).toEqual(waiting.map(() => 503));
  for (const reply of waited) {
    expect(reply.json()).toEqual(BUSY);
    expect(reply.headers['retry-after']).toBe('2');
  }

  release();
  await Promise.all(held);
  // 65 refusals are no failed attempts (10 lock an account from an address): the right password signs in.
  const signedIn = await signIn();
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  expect(signedIn.json()).toMatchObject({ user: { email: user.email } });
}, 30_000);
