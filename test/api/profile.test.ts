import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.inject({ method: 'GET', url: '/api/auth/me', token });

describe('the profile: a user changes their own name', () => {
  it('answers the name and saves a new one, shown by /auth/me', async () => {
    const { token, user } = await t.signUp({ firstName: 'Casey', lastName: 'Client' });
    const before = await t.inject({ method: 'GET', url: '/api/auth/profile', token });
    expect(before.json()).toMatchObject({ email: user.email, role: 'client', first_name: 'Casey', last_name: 'Client', full_name: 'Casey Client' });

    const res = await t.inject({ method: 'PUT', url: '/api/auth/profile', token, payload: { firstName: '  Morgan ', lastName: 'Buyer' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Morgan', last_name: 'Buyer', full_name: 'Morgan Buyer' });
    expect((await me(token)).json().user.full_name).toBe('Morgan Buyer');
  });

  it('refuses a blank or missing name with the sign-up messages, and keeps the e-mail and role', async () => {
    const { token, user } = await t.signUp();
    const blank = await t.inject({ method: 'PUT', url: '/api/auth/profile', token, payload: { firstName: '   ', lastName: 'Buyer' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'First name is required', field: 'firstName' });
    const missing = await t.inject({ method: 'PUT', url: '/api/auth/profile', token, payload: { firstName: 'Morgan' } });
    expect(missing.json()).toEqual({ error: 'Last name is required', field: 'lastName' });
    const sneaky = await t.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { firstName: 'M', lastName: 'B', role: 'traffic_admin', email: 'x@example.com' },
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toMatchObject({ email: user.email, role: 'client' });
  });

  it('needs a signed-in user', async () => {
    const res = await t.inject({ method: 'PUT', url: '/api/auth/profile', payload: { firstName: 'A', lastName: 'B' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required' });
  });
});

describe('the profile: a user changes their password', () => {
  const change = (token: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/auth/change-password', token, payload });

  it('refuses a wrong current password and leaves the old one working', async () => {
    const { token, user, password } = await t.signUp();
    const res = await change(token, { currentPassword: 'Not-The-Passw0rd', newPassword: 'Brand-New-Passw0rd' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Current password is incorrect', field: 'currentPassword' });
    expect(await t.login(user.email, password)).toBeTruthy();
    expect((await me(token)).statusCode).toBe(200);
  });

  it('refuses a missing current password and a weak or unchanged new one, with the reset rules', async () => {
    const { token, password } = await t.signUp();
    expect((await change(token, { newPassword: 'Brand-New-Passw0rd' })).json()).toEqual({ error: 'Current password is required', field: 'currentPassword' });
    expect((await change(token, { currentPassword: password, newPassword: 'short' })).json()).toEqual({
      error: 'Password must be at least 8 characters long',
      field: 'newPassword',
    });
    expect((await change(token, { currentPassword: password, newPassword: 'alllowercase1' })).json()).toEqual({
      error: 'Password must contain at least one uppercase letter',
      field: 'newPassword',
    });
    expect((await change(token, { currentPassword: password, newPassword: 'NoDigitsHere' })).json()).toEqual({
      error: 'Password must contain at least one number',
      field: 'newPassword',
    });
    const same = await change(token, { currentPassword: password, newPassword: password });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ error: 'New password must be different from the current password', field: 'newPassword' });
  });

  it('sets the new password, signs out every other session and keeps this one', async () => {
    const { token, user, password } = await t.signUp();
    const otherDevice = await t.login(user.email, password);
    const thirdDevice = await t.login(user.email, password);
    const stranger = await t.signUp();

    const res = await change(token, { currentPassword: password, newPassword: 'Brand-New-Passw0rd' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully' });

    expect((await me(token)).statusCode).toBe(200);
    for (const revoked of [otherDevice, thirdDevice]) {
      const res = await me(revoked);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid or expired session' });
    }
    expect((await me(stranger.token)).statusCode).toBe(200);

    const oldSignIn = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
    expect(oldSignIn.statusCode).toBe(401);
    expect(await t.login(user.email, 'Brand-New-Passw0rd')).toBeTruthy();
  });

  it('limits wrong current passwords per user', async () => {
    const { token, password } = await t.signUp();
    for (let i = 0; i < 10; i += 1)
      expect((await change(token, { currentPassword: `Wrong-Passw0rd-${i}`, newPassword: 'Brand-New-Passw0rd' })).statusCode).toBe(400);
    const limited = await change(token, { currentPassword: password, newPassword: 'Brand-New-Passw0rd' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many failed password changes. Please try again in 15 minutes.' });
  });
});
