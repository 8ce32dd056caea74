/**
 * A request whose client has gone while it waited for the embedded database does not start its
 * work there (decision 022): PGlite has one connection, and abandoned requests (a benchmark's end, a
 * closed tab) would otherwise keep it busy ahead of the people still waiting. The call here has no
 * body (a request with one already fails when its body cannot be read): clearing the bell.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifySystemMessage } from '../../src/server/modules/notifications';
import { createTestApp, type TestApp } from '../support/app';
import { listen, sleep } from '../realtime/helpers';

describe.skipIf(Boolean(process.env.DATABASE_URL))('an abandoned request on the embedded database', () => {
  let t: TestApp;
  let url: string;
  const logLines: { level: number; msg?: string }[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write: (chunk: Buffer, _e, done) => (
        logLines.push(
          ...chunk
            .toString()
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as { level: number; msg?: string }),
        ),
        done()
      ),
    });
    t = await createTestApp({ logLevel: 'info' }, { logStream: sink });
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  /** DELETE /api/notifications while the database is held by another transaction for 800 ms; the client gives up after `abortAfterMs` if given. */
  const clearWhileBusy = async (abortAfterMs?: number) => {
    const { token, user } = await t.signUp();
    await notifySystemMessage(t.app.ctx, { to: { userIds: [user.id] }, message: 'Still here?' });
    const held = t.database.pglite!.transaction(() => sleep(800));
    const abort = new AbortController();
    if (abortAfterMs !== undefined) setTimeout(() => abort.abort(), abortAfterMs);
    const answer = await fetch(`${url}/api/notifications`, { method: 'DELETE', signal: abort.signal, headers: { authorization: `Bearer ${token}` } }).then(
      (res) => res.status,
      () => 'aborted' as const,
    );
    await held;
    await sleep(500);
    const left = await t.inject({ method: 'GET', url: '/api/notifications', token });
    return { answer, total: left.json<{ total: number }>().total };
  };

  it('does nothing when the client left before its turn, and logs it as an aborted request, not as an error (issue 29, item 21)', async () => {
    logLines.length = 0;
    expect(await clearWhileBusy(200)).toEqual({ answer: 'aborted', total: 1 });
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    expect(logLines.map((line) => line.msg)).toContain('request aborted by the client before its database work started');
  });

  it('still serves the client that waits', async () => {
    expect(await clearWhileBusy()).toEqual({ answer: 200, total: 0 });
  });
});
