import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../support/app';

// Its own app: the flood below puts this process's address over the reset limit.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.inject({ method: 'POST', url, payload: payload as object });

const mailedResetToken = async (email: string) => {
  await post('/api/auth/forgot-password', { email });
  const [message] = await t.mailTo(email);
  const token = message?.textBody.match(/reset-password\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
};

describe('reset-password rate limit', () => {
  it('answers an over-long token with the verify shape, not a 404', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/auth/reset-password/${'x'.repeat(500)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ valid: false, email: null, error: 'Invalid or expired reset link' });
  });

  it('answers 429 to a flood of dead links, yet still honours a genuine one', async () => {
    const { user } = await t.signUp();
    const token = await mailedResetToken(user.email);

    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push((await t.inject({ method: 'GET', url: `/api/auth/reset-password/dead-link-${i}` })).statusCode);
    }
    expect(statuses[0]).toBe(400);
    expect(statuses.at(-1)).toBe(429);

    const verifyFlood = await t.inject({ method: 'GET', url: '/api/auth/reset-password/dead-link-again' });
    expect(verifyFlood.statusCode).toBe(429);
    expect(verifyFlood.json()).toEqual({ error: 'Too many password reset attempts. Please try again in 15 minutes.' });
    const resetFlood = await post('/api/auth/reset-password', { token: 'dead-link-again', newPassword: 'Fresh-Passw0rd' });
    expect(resetFlood.statusCode).toBe(429);
    expect(resetFlood.json().error).toMatch(/too many/i);

    const verify = await t.inject({ method: 'GET', url: `/api/auth/reset-password/${token}` });
    expect(verify.json()).toEqual({ valid: true, email: user.email, error: null });
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'Fresh-Passw0rd' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: user.email, password: 'Fresh-Passw0rd' })).statusCode).toBe(200);
  });
});

describe('forgot-password rate limit', () => {
  it('refuses a flood for one address with 429 without locking out other addresses', async () => {
    const flooded = uniqueEmail('flooded');
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await post('/api/auth/forgot-password', { email: flooded })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    const refused = await post('/api/auth/forgot-password', { email: flooded });
    expect(refused.json()).toEqual({ error: 'Too many password reset requests. Please try again in 15 minutes.' });

    const { user } = await t.signUp();
    const other = await post('/api/auth/forgot-password', { email: user.email });
    expect(other.statusCode).toBe(200);
    expect(await t.mailTo(user.email)).toHaveLength(1);
  });
});
