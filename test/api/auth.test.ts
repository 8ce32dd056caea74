import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { ADMIN, createTestApp, signUpBody, uniqueEmail, type TestApp } from '../support/app';
import { clientWithBrand, createOrder } from '../support/ordering-fixtures';
import { msAgo } from '../support/clock';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) => t.inject({ method: 'POST', url, payload: payload as object, token });

describe('POST /api/auth/register', () => {
  it('creates a client and answers a token and the user, never a hash', async () => {
    const body = signUpBody({ email: 'New.Person@Example.com', firstName: 'New', lastName: 'Person' });
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.token).toEqual(expect.any(String));
    expect(json.user).toEqual({ id: expect.any(String), email: 'new.person@example.com', role: 'client', full_name: 'New Person' });
    expect(res.body).not.toMatch(/hash|argon/i);
  });

  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone number is required'],
    ['address', 'Address is required'],
    ['company', 'Company name is required'],
    ['jobTitle', 'Job title is required'],
    ['password', 'Password is required'],
  ])('refuses a missing %s with "%s"', async (field, message) => {
    const body: Record<string, unknown> = signUpBody();
    delete body[field];
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field });
  });

  it('reports the first failing field of a sparse or blank body', async () => {
    const sparse = await post('/api/auth/register', { email: uniqueEmail(), password: 'Client-Passw0rd' });
    expect(sparse.statusCode).toBe(400);
    expect(sparse.json()).toEqual({ error: 'First name is required', field: 'firstName' });
    const blank = await post('/api/auth/register', signUpBody({ company: '   ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Company name is required', field: 'company' });
    expect((await post('/api/auth/register', signUpBody({ email: '' }))).json()).toEqual({ error: 'Email is required', field: 'email' });
    expect((await post('/api/auth/register', signUpBody({ password: '' }))).json()).toEqual({ error: 'Password is required', field: 'password' });
  });

  it('checks the e-mail format and the password length', async () => {
    expect((await post('/api/auth/register', signUpBody({ email: 'nope' }))).json()).toEqual({ error: 'Please enter a valid email address', field: 'email' });
    expect((await post('/api/auth/register', signUpBody({ password: 'short' }))).json()).toEqual({
      error: 'Password must be at least 8 characters long',
      field: 'password',
    });
  });

  it('refuses an e-mail that is already registered, whatever its case', async () => {
    const email = uniqueEmail();
    expect((await post('/api/auth/register', signUpBody({ email }))).statusCode).toBe(201);
    const again = await post('/api/auth/register', signUpBody({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An account with this email already exists' });
  });

  it('answers hostile input with 400 and an error, never 500', async () => {
    for (const payload of [[], 42, { firstName: { $gt: '' } }, signUpBody({ firstName: 'x'.repeat(10_000) }), signUpBody({ password: 12345678 })]) {
      const res = await post('/api/auth/register', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const malformed = await t.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"firstName":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'Malformed JSON in request body' });
    const plainText = await t.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(plainText.statusCode).toBe(400);
    expect(plainText.json().error).toEqual(expect.any(String));
  });

  it('never makes anyone an admin, whatever the body says', async () => {
    const res = await post('/api/auth/register', { ...signUpBody(), role: 'traffic_admin' });
    expect(res.json().user.role).toBe('client');
  });
});

describe('POST /api/auth/login and GET /api/auth/me', () => {
  it('signs in with the right password, case-insensitively on the e-mail', async () => {
    const { user, password } = await t.signUp();
    const res = await post('/api/auth/login', { email: user.email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual(user);
    const me = await t.inject({ method: 'GET', url: '/api/auth/me', token: res.json().token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ ...user, user });
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const { user } = await t.signUp();
    const wrong = await post('/api/auth/login', { email: user.email, password: 'Wrong-Passw0rd' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'Wrong-Passw0rd' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('requires both fields', async () => {
    expect((await post('/api/auth/login', { password: 'x' })).json()).toEqual({ error: 'Email is required', field: 'email' });
    expect((await post('/api/auth/login', { email: ADMIN.email })).json()).toEqual({ error: 'Password is required', field: 'password' });
  });

  it('refuses missing, forged and expired tokens', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await t.inject({ method: 'GET', url: '/api/auth/me', token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toEqual(expect.any(String));
  });

  it('locks an account out after repeated failures with 429', async () => {
    const { user, password } = await t.signUp();
    let last = 0;
    for (let i = 0; i < 12; i += 1) last = (await post('/api/auth/login', { email: user.email, password: 'Wrong-Passw0rd' })).statusCode;
    expect(last).toBe(429);
    const blocked = await post('/api/auth/login', { email: user.email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/too many/i);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes only the session it is called with', async () => {
    const { user, password, token: first } = await t.signUp();
    const second = await t.login(user.email, password);
    const res = await t.inject({ method: 'POST', url: '/api/auth/logout', token: first });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully' });
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: first })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: second })).statusCode).toBe(200);
  });
});

const resetLinkToken = async (email: string) => {
  const [message] = await t.mailTo(email);
  const match = message?.textBody.match(/http:\/\/spotbook\.test\/reset-password\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no reset link mailed to ${email}`);
  return match[1];
};

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses and mails a link only to the known one', async () => {
    const { user } = await t.signUp();
    const ghost = uniqueEmail('ghost');
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: ghost });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const [message] = await t.mailTo(user.email);
    expect(message?.subject).toBe('Reset your Spotbook password');
    expect(message?.htmlBody).toContain('/reset-password?token=');
    expect(await t.mailTo(ghost)).toHaveLength(0);
  });

  it('validates the address', async () => {
    expect((await post('/api/auth/forgot-password', {})).json()).toEqual({ error: 'Please enter your email address', field: 'email' });
    expect((await post('/api/auth/forgot-password', { email: 'nope' })).json()).toEqual({ error: 'Please enter a valid email address', field: 'email' });
    expect((await post('/api/auth/forgot-password', { email: 'someone@nowhere' })).json()).toEqual({
      error: 'Please enter a valid email address',
      field: 'email',
    });
    // The first administrator's default address is one it can reset.
    expect((await post('/api/auth/forgot-password', { email: 'admin@localhost' })).statusCode).toBe(200);
  });

  it('verifies a link, resets once, signs out every session, and the new password works', async () => {
    const { user, token: oldSession } = await t.signUp();
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetLinkToken(user.email);

    const verify = await t.inject({ method: 'GET', url: `/api/auth/reset-password/${token}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ valid: true, email: user.email, error: null });

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'Fresh-Passw0rd' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toEqual(expect.any(String));
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: oldSession })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'Fresh-Passw0rd' })).statusCode).toBe(200);

    const reused = await post('/api/auth/reset-password', { token, newPassword: 'Another-Passw0rd' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'Invalid or expired reset link' });
    const reverify = await t.inject({ method: 'GET', url: `/api/auth/reset-password/${token}` });
    expect(reverify.json()).toEqual({ valid: false, email: null, error: 'Invalid or expired reset link' });
  });

  it('enforces the password rules, first failing message only', async () => {
    const { user } = await t.signUp();
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetLinkToken(user.email);
    const cases: [string, string][] = [
      ['Ab1', 'Password must be at least 8 characters long'],
      ['ABCDEFGH1', 'Password must contain at least one lowercase letter'],
      ['abcdefgh1', 'Password must contain at least one uppercase letter'],
      ['Abcdefghi', 'Password must contain at least one number'],
    ];
    for (const [newPassword, error] of cases) {
      const res = await post('/api/auth/reset-password', { token, newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error, field: 'newPassword' });
    }
    expect((await t.inject({ method: 'GET', url: `/api/auth/reset-password/${token}` })).json().valid).toBe(true);
  });

  it('refuses an expired link', async () => {
    const { user } = await t.signUp();
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetLinkToken(user.email);
    const { passwordResetTokens } = await import('../../src/server/db/schema');
    await t.database.db.update(passwordResetTokens).set({ expiresAt: msAgo(1000) });
    const res = await post('/api/auth/reset-password', { token, newPassword: 'Fresh-Passw0rd' });
    expect(res.json()).toEqual({ error: 'Invalid or expired reset link' });
  });

  it('rate-limits floods of reset requests for one address', async () => {
    const email = uniqueEmail('flood');
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await post('/api/auth/forgot-password', { email })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the session cache (decision 024)', () => {
  it('keeps a session through writes that change no account, and forgets it after a write that may', async () => {
    const owner = await clientWithBrand(t);
    const { ctx } = t.app as unknown as { ctx: AppContext };
    const claims = (await ctx.tokens.verify(owner.token))!;
    const cached = () => ctx.sessionCache.get(claims.sessionId, claims.userId);
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: owner.token })).statusCode).toBe(200);
    expect(cached()?.email).toBe(owner.email);
    // Another client's order and a sign-in leave it: under load every order forgot every session.
    const other = await clientWithBrand(t);
    await createOrder(t, other.token, { estimate_name: 'Leaves the cache alone', brand_id: other.brand.id, total_spend: 3000 });
    await t.login(ADMIN.email, ADMIN.password);
    expect(cached()?.email).toBe(owner.email);
    // A profile change (any write under /api/auth or /api/users) forgets it, and the next call looks it up again.
    expect(
      (await t.inject({ method: 'PUT', url: '/api/auth/profile', token: other.token, payload: { firstName: 'Renamed', lastName: 'Other' } })).statusCode,
    ).toBe(200);
    expect(cached()).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: owner.token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/auth/logout', token: owner.token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: owner.token })).statusCode).toBe(401);
  });
});
