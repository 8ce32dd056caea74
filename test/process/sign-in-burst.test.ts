/**
 * A burst of sign-ins at the real server (`npm start`'s build, argon2 at its real cost, one hash at a
 * time on a 2-core machine) is answered whole (issue 40, decision 046): each request is signed in, or
 * refused with 503 or 429 and Retry-After; none is left waiting (a request the server never answered
 * would hold this test until its time-out). The full-size burst, timed, is bench/sign-in-burst.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REAL_ADMIN, freePort, startRealServer, type RealServer } from '../support/real-server';

const BURST = 300;
const BUSY = 'The server is busy signing people in. Please try again in a moment.';

let server: RealServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-sign-in-burst-'));
  server = await startRealServer({ port: await freePort(), dataDir });
}, 120_000);
afterAll(() => {
  server?.child.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it(`answers each of ${BURST} sign-ins sent at once: signed in, or 503/429 with Retry-After`, async () => {
  const replies = await Promise.all(
    Array.from({ length: BURST }, async () => {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: REAL_ADMIN.email, password: REAL_ADMIN.password }),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error?: string; user?: { email: string } } };
    }),
  );
  const signedIn = replies.filter((r) => r.status === 200);
  const refused = replies.filter((r) => r.status === 503 || r.status === 429);
  expect(signedIn.length + refused.length, JSON.stringify(replies.filter((r) => ![200, 429, 503].includes(r.status)).slice(0, 3))).toBe(BURST);
  expect(signedIn.length).toBeGreaterThan(0);
  expect(signedIn.every((r) => r.body.user?.email === REAL_ADMIN.email)).toBe(true);
  for (const r of refused) expect(Number(r.retryAfter), JSON.stringify(r)).toBeGreaterThanOrEqual(1);
  expect(refused.filter((r) => r.status === 503).every((r) => r.body.error === BUSY)).toBe(true);
  // Once the burst is over, the right password signs in.
  const after = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: REAL_ADMIN.email, password: REAL_ADMIN.password }),
  });
  expect(after.status).toBe(200);
}, 120_000);
