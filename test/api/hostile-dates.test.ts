/**
 * Extreme dates in every date parameter (issue 30, finding 12): every route's documented path and
 * query parameters and JSON body fields that hold a date get the edges of the calendar (year 0, the
 * first and last days of years 1 and 9999, a five-digit year), as an administrator and as the order's
 * owner. Nothing answers 5xx or cuts its reply; a refusal is JSON `{ error }`; and multipart file names
 * with control characters are cleaned, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { invoicedOrder } from '../support/billing-fixtures';
import { multipart } from '../support/media-fixtures';

let t: TestApp;
let adminToken: string;
let clientToken: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.adminToken();
  const { owner, order, invoice } = await invoicedOrder(t);
  clientToken = owner.token;
  ids = { estimate: order.id, invoice: invoice.id, brand: owner.brand.id, media: owner.media.id };
});
afterAll(async () => t?.close());

const EXTREMES = ['0000-01-01', '0001-01-01', '0001-01-02', '9999-12-30', '9999-12-31', '10000-01-01', '-0001-01-01'];
const DATE_NAME = /date|^from$|^to$|^day$|until|valid_from|month/i;

type Parameter = { name: string; in: string; schema?: { type?: string; format?: string } };
type Schema = { type?: string | string[]; format?: string; properties?: Record<string, Schema> };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

const idFor = (path: string, param: string) => {
  if (/estimate/i.test(param) || path.startsWith('/api/estimates')) return ids.estimate!;
  if (path.startsWith('/api/billing') || path.startsWith('/api/my/invoices')) return ids.invoice!;
  if (path.startsWith('/api/brands')) return ids.brand!;
  if (path.startsWith('/api/media')) return ids.media!;
  return '00000000-0000-4000-8000-000000000000';
};

describe('extreme dates in every date parameter', () => {
  it('never answer 5xx nor cut the reply, and refuse with { error }', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let walked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.includes('upload') || path === '/api/auth/logout') continue;
      for (const [method, operation] of Object.entries(operations)) {
        const params = operation.parameters ?? [];
        const dateParams = params.filter((p) => (p.in === 'query' || p.in === 'path') && DATE_NAME.test(p.name));
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const bodyDates = Object.keys(bodySchema?.properties ?? {}).filter(
          (name) => DATE_NAME.test(name) && [bodySchema!.properties![name]!.type].flat().includes('string'),
        );
        if (dateParams.length === 0 && bodyDates.length === 0) continue;
        for (const value of EXTREMES) {
          const withPath = path.replace(/\{(\w+)\}/g, (_, name: string) =>
            dateParams.some((p) => p.name === name && p.in === 'path') ? value : idFor(path, name),
          );
          const query = dateParams.filter((p) => p.in === 'query').map((p) => `${p.name}=${encodeURIComponent(value)}`);
          // Each query date alone, and all of them at once.
          const urls = [
            ...new Set([...(query.length > 1 ? query.map((q) => `${withPath}?${q}`) : []), query.length > 0 ? `${withPath}?${query.join('&')}` : withPath]),
          ];
          for (const url of urls) {
            for (const token of [adminToken, clientToken]) {
              walked += 1;
              const payload =
                bodyDates.length > 0 ? Object.fromEntries(bodyDates.map((name) => [name, value])) : method === 'get' || method === 'delete' ? undefined : {};
              const res = await t
                .inject({ method: method.toUpperCase() as 'POST', url, token, ...(payload === undefined ? {} : { payload }) })
                .catch((error: Error) => error);
              if (res instanceof Error) {
                failures.push(`${method.toUpperCase()} ${url} → ${res.message}`);
                continue;
              }
              const label = `${method.toUpperCase()} ${url} ${JSON.stringify(payload) ?? ''} → ${res.statusCode} ${res.body.slice(0, 160)}`;
              const json = String(res.headers['content-type'] ?? '').includes('json');
              if (res.statusCode >= 500) failures.push(label);
              else if (res.statusCode >= 400 && !(json && typeof res.json().error === 'string')) failures.push(label);
              else if (res.statusCode < 300 && json && res.body.length > 0) {
                try {
                  JSON.parse(res.body);
                } catch {
                  failures.push(`${label} (cut)`);
                }
              } else if (res.statusCode < 300 && String(res.headers['content-type']).includes('csv') && !res.body.endsWith('\n') && res.body.length > 0)
                failures.push(`${label} (cut)`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(walked).toBeGreaterThan(100);
  }, 240_000);
});

/** File names as a hostile client sends them: NUL, other C0 and C1 controls, DEL, paths; the quote and line breaks are left to the multipart format. */
const FILE_NAMES = ['a\u0000b.csv', '\u0000', 'bell\u0007\u001b[31m.csv', 'del\u007f\u0085.csv', '../../etc/pa\u0000sswd.csv', `${'x'.repeat(400)}\u0001.csv`];
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

describe('control characters in multipart file names', () => {
  it('are cleaned from the as-run import the file name is kept with, never a 500', async () => {
    for (const name of FILE_NAMES) {
      const res = await uploadAsRun(t, name, `date,time,house_code,duration,status\n# ${name.length}\n`, adminToken);
      expect(res.statusCode, `${JSON.stringify(name)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.statusCode < 300) {
        const filename = res.json().import.filename as string;
        expect(CONTROL.test(filename), JSON.stringify(filename)).toBe(false);
        expect(filename.length).toBeLessThanOrEqual(200);
        expect(filename.includes('/')).toBe(false);
      } else expect(typeof res.json().error).toBe('string');
    }
  });

  it('are cleaned from an uploaded media file name, never a 500', async () => {
    for (const name of FILE_NAMES.map((n) => n.replace(/\.csv$/, '.mp4'))) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/media/upload',
        token: clientToken,
        ...multipart([
          { name: 'brand_id', value: ids.brand! },
          { name: 'file', filename: name, type: 'video/mp4', data: Buffer.from('not a video') },
        ]),
      });
      expect(res.statusCode, `${JSON.stringify(name)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.statusCode < 300) {
        const filename = res.json().data.mediaAsset.filename as string;
        expect(CONTROL.test(filename), JSON.stringify(filename)).toBe(false);
      } else expect(typeof res.json().error).toBe('string');
    }
  });
});
