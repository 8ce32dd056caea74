/** Prometheus metrics at GET /metrics: request durations by route, jobs, sockets, mail backlog, process; token-protected when set. */
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
