/**
 * The decoy hash that an unknown e-mail is checked against must not be lost to a busy moment: if the
 * first unknown-e-mail sign-in met a full hashing queue and that refusal were kept, every later
 * unknown e-mail would answer 503 while known ones answer 401, telling which accounts exist.
 * (Its own file: the decoy is made once per process, so this must be the first unknown e-mail.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const login = (email: string, password: string) => t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('the unknown-e-mail decoy under a full hashing queue', () => {
  it('answers an unknown e-mail 401 like a known one once the flood is over', async () => {
    const known = await t.signUp();
    // Fill the hashing gate (one per core plus a queue of 64) so the first unknown e-mail meets it full.
    const flood = Array.from({ length: 200 }, () =>
      hashPassword('flood-password').then(
        () => 'hashed',
        () => 'refused',
      ),
    );
    const during = await login('first-unknown@example.com', 'wrong-password');
    expect([401, 503]).toContain(during.statusCode);
    const outcomes = await Promise.all(flood);
    expect(outcomes).toContain('refused');

    const unknown = await login('second-unknown@example.com', 'wrong-password');
    const wrong = await login(known.user.email, 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode, unknown.body).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });
});
