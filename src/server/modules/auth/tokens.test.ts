import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens';
import { msAhead } from '../../../../test/support/clock';

const signer = createTokenSigner('a-test-secret-long-enough-for-hs256-signing');
const claims = { userId: 'user-1', sessionId: 'session-1' };

afterEach(() => vi.useRealTimers());

describe('session tokens', () => {
  it('verifies its own tokens, again and again, and refuses altered ones or another signer’s', async () => {
    const token = await signer.sign(claims, msAhead(60_000));
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    expect(await signer.verify(`${header}.${payload}.${signature!.slice(0, -2)}AA`)).toBeUndefined();
    expect(await createTokenSigner('another-secret-long-enough-for-hs256-signing').verify(token)).toBeUndefined();
  });

  it('refuses a token once it has expired, also one it verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-04T10:00:00Z') });
    const token = await signer.sign(claims, new Date('2027-01-04T10:00:30Z'));
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2027-01-04T10:00:30Z'));
    expect(await signer.verify(token)).toBeUndefined();
    expect(await signer.verify(token)).toBeUndefined();
  });
});
