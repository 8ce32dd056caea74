/** Prometheus metrics at GET /metrics: request durations by route, jobs, sockets, mail backlog, process; token-protected when set. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let open: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  open = await createTestApp();
  guarded = await createTestApp({ metricsToken: 'scrape-secret' });
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

describe('GET /metrics', () => {
  it('counts requests by route and status, and reports jobs, sockets, mail, the pool and the process', async () => {
    await open.inject({ method: 'GET', url: '/api/health' });
    await open.inject({ method: 'GET', url: '/api/estimates' });
    const res = await open.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/spotbook_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/);
    expect(text).toMatch(/spotbook_http_request_duration_seconds_count\{method="GET",route="\/api\/estimates",status="401"\} 1/);
    expect(text).toMatch(/^spotbook_sockets_connected 0$/m);
    expect(text).toMatch(/^spotbook_mail_outbox_backlog \d+$/m);
    expect(text).toMatch(/^spotbook_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^spotbook_job_queue_depth\{job="station\.clock"\} \d+$/m);
    expect(text).toContain('spotbook_upload_bytes_total 0');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    expect((await guarded.inject({ method: 'GET', url: '/metrics' })).json()).toEqual({ error: 'Authentication required' });
    expect((await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const ok = await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('spotbook_http_request_duration_seconds');
  });
});

describe('slow requests', () => {
  it('logs a request slower than SLOW_REQUEST_MS at warn with its route and request id, and a quick one not', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
    // 1 ms: a sign-in hashes a password (tens of ms), so it is always over the line.
    const t = await createTestApp({ logLevel: 'warn', slowRequestMs: 1 }, { logStream: sink });
    try {
      const slow = await t.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'Wrong-Passw0rd' },
        headers: { 'x-request-id': 'slow-one-1' },
      });
      expect(slow.statusCode).toBe(401);
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'slow request');
      expect(logged).toContainEqual(expect.objectContaining({ level: 40, reqId: 'slow-one-1', route: '/api/auth/login', method: 'POST', status: 401 }));
      expect(Number(logged.find((entry) => entry.reqId === 'slow-one-1')!.ms)).toBeGreaterThanOrEqual(1);
    } finally {
      await t.close();
    }
    const quiet: string[] = [];
    const calm = await createTestApp(
      { logLevel: 'warn', slowRequestMs: 600_000 },
      { logStream: new Writable({ write: (chunk: Buffer, _encoding, done) => (quiet.push(chunk.toString()), done()) }) },
    );
    try {
      await calm.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'Wrong-Passw0rd' } });
      expect(quiet.filter((line) => line.includes('slow request'))).toEqual([]);
    } finally {
      await calm.close();
    }
  });
});
