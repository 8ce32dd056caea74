import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';
import { msAhead } from '../../../../test/support/clock';

const actor = (id: string, sessionId: string) => ({ id, sessionId, email: `${id}@x.test`, role: 'client' as const, full_name: null, channelIds: [] });

describe('the session cache', () => {
  it('answers a remembered session until its time to live or its session expires, and only for its user', () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 5_000, now: () => now });
    cache.remember(cache.generation(), actor('u1', 's1'), new Date(4_000));
    expect(cache.get('s1', 'u1')).toMatchObject({ id: 'u1' });
    expect(cache.get('s1', 'u2')).toBeUndefined();
    cache.remember(cache.generation(), actor('u1', 's1'), new Date(60_000));
    now = 5_999;
    expect(cache.get('s1', 'u1')).toMatchObject({ id: 'u1' });
    now = 6_000;
    expect(cache.get('s1', 'u1')).toBeUndefined();
    cache.remember(cache.generation(), actor('u1', 's1'), new Date(6_500));
    now = 6_500;
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it('does not remember a lookup that began before a session was forgotten', () => {
    const cache = createSessionCache({ ttlMs: 5_000 });
    const seen = cache.generation();
    cache.forget({ sessionId: 's1' });
    cache.remember(seen, actor('u1', 's1'), msAhead(60_000));
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it('forgets one session, every session of a user, or everything', () => {
    const cache = createSessionCache({ ttlMs: 5_000 });
    const later = msAhead(60_000);
    for (const [u, s] of [
      ['u1', 's1'],
      ['u1', 's2'],
      ['u2', 's3'],
    ] as const)
      cache.remember(cache.generation(), actor(u, s), later);
    cache.forget({ sessionId: 's1' });
    expect([cache.get('s1', 'u1'), cache.get('s2', 'u1')?.sessionId]).toEqual([undefined, 's2']);
    cache.forget({ userId: 'u1' });
    expect([cache.get('s2', 'u1'), cache.get('s3', 'u2')?.sessionId]).toEqual([undefined, 's3']);
    cache.forget('all');
    expect(cache.get('s3', 'u2')).toBeUndefined();
  });

  it('remembers nothing when switched off', () => {
    const cache = createSessionCache({ ttlMs: 0 });
    cache.remember(cache.generation(), actor('u1', 's1'), msAhead(60_000));
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });
});
