import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimates } from '../../src/server/db/schema';
import { createMediaTestApp, eventually, listen, makeClip, multipart, readEvents, type MediaTestApp } from '../support/media-fixtures';

const LIMIT = 300_000;
let t: MediaTestApp;
let base: string;
let owner: { token: string; user: { id: string } };
let other: { token: string; user: { id: string } };
let brand: { id: string };
let clip: Buffer;

beforeAll(async () => {
  process.env.MEDIA_MAX_BYTES = String(LIMIT);
  t = await createMediaTestApp();
  delete process.env.MEDIA_MAX_BYTES;
  base = await listen(t.app);
  owner = await t.signUp();
  other = await t.signUp();
  brand = await t.createBrand(owner.token);
  clip = readFileSync(await makeClip(t.dataDir, 'clip.mp4', { seconds: 1 }));
});
afterAll(() => t.close());

const addOrder = async (brandId: string, ownerId: string) =>
  (await t.database.db.insert(estimates).values({ brandId, ownerId, estimateName: 'Spring' }).returning())[0]!;
const withFile = (fields: { name: string; value: string }[]) => [...fields, { name: 'file', filename: 'spot.mp4', type: 'video/mp4', data: clip }];

describe('upload rules', () => {
  it.each([
    [
      'a file at the size limit',
      [
        { name: 'brand_id', value: 'B' },
        { name: 'file', filename: 'big.mp4', type: 'video/mp4', data: Buffer.alloc(LIMIT) },
      ],
      413,
      'File too large. Maximum size is 2GB',
    ],
    [
      'a big file before the brand',
      [
        { name: 'file', filename: 'big.mov', type: 'video/quicktime', data: Buffer.alloc(LIMIT + 10) },
        { name: 'brand_id', value: 'B' },
      ],
      413,
      'File too large. Maximum size is 2GB',
    ],
    [
      'an .avi file',
      [
        { name: 'brand_id', value: 'B' },
        { name: 'file', filename: 'spot.avi', type: 'video/x-msvideo', data: Buffer.alloc(10) },
      ],
      400,
      'Unsupported file type. Allowed types: MP4, MXF, MOV, MPG',
    ],
    [
      'an .mp4 sent as text',
      [
        { name: 'brand_id', value: 'B' },
        { name: 'file', filename: 'spot.mp4', type: 'text/plain', data: Buffer.alloc(10) },
      ],
      400,
      'Unsupported file type. Allowed types: MP4, MXF, MOV, MPG',
    ],
    ['no brand', [{ name: 'file', filename: 'spot.mp4', type: 'video/mp4', data: Buffer.alloc(10) }], 400, 'File and brand are required'],
    ['no file', [{ name: 'brand_id', value: 'B' }], 400, 'File and brand are required'],
    [
      'an empty file',
      [
        { name: 'brand_id', value: 'B' },
        { name: 'file', filename: 'spot.mp4', type: 'video/mp4', data: Buffer.alloc(0) },
      ],
      400,
      'File and brand are required',
    ],
    [
      'an unknown brand',
      [
        { name: 'brand_id', value: '00000000-0000-4000-8000-000000000000' },
        { name: 'file', filename: 'spot.mp4', type: 'video/mp4', data: Buffer.alloc(10) },
      ],
      404,
      'Brand not found',
    ],
    [
      'a malformed brand id after the file',
      [
        { name: 'file', filename: 'spot.mpg', type: 'video/mpeg', data: Buffer.alloc(10) },
        { name: 'brand_id', value: 'nope' },
      ],
      404,
      'Brand not found',
    ],
  ] as const)('refuses %s and leaves no file', async (_name, parts, status, error) => {
    const before = t.storedFiles().sort();
    const res = await t.upload(
      owner.token,
      parts.map((p) => ('value' in p && p.value === 'B' ? { ...p, value: brand.id } : p)),
    );
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error });
    // A refused stream's partial file is removed as the write unwinds, which may end just after the reply.
    await expect.poll(() => t.storedFiles().sort()).toEqual(before);
  });

  it("refuses another client's brand (before or after the file) and anonymous uploads", async () => {
    const before = t.storedFiles().sort();
    for (const parts of [
      [
        { name: 'brand_id', value: brand.id },
        { name: 'file', filename: 'a.mp4', type: 'video/mp4', data: clip },
      ],
      [
        { name: 'file', filename: 'a.mp4', type: 'video/mp4', data: clip },
        { name: 'brand_id', value: brand.id },
      ],
    ]) {
      const res = await t.upload(other.token, parts);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Brand not found' });
    }
    const anonymous = await t.inject({ method: 'POST', url: '/api/media/upload', ...multipart([{ name: 'brand_id', value: brand.id }]) });
    expect(anonymous.statusCode).toBe(401);
    const json = await t.inject({ method: 'POST', url: '/api/media/upload', token: owner.token, payload: { brand_id: brand.id } });
    expect(json.json()).toEqual({ error: 'File and brand are required' });
    expect(t.storedFiles().sort()).toEqual(before);
  });

  it('answers malformed bodies, a second file and too many fields with 400, leaving no file', async () => {
    const before = t.storedFiles().sort();
    const two = multipart([
      { name: 'brand_id', value: brand.id },
      { name: 'file', filename: 'a.mp4', data: clip },
      { name: 'file', filename: 'b.mp4', data: clip },
    ]);
    const many = multipart(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, value: 'x' })));
    for (const [headers, payload, error] of [
      [{ 'content-type': 'multipart/form-data' }, 'x', 'Malformed multipart body'],
      [{ 'content-type': 'multipart/form-data; boundary=abc' }, 'garbage', 'Malformed multipart body'],
      [two.headers, two.payload, 'Upload one file at a time'],
      [many.headers, many.payload, 'Too many form fields'],
    ] as const) {
      const res = await t.inject({ method: 'POST', url: '/api/media/upload', token: owner.token, headers, payload });
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect(t.storedFiles().sort()).toEqual(before);
  });

  it('links the upload to an order of the same brand only', async () => {
    const order = await addOrder(brand.id, owner.user.id);
    const ok = await t.upload(
      owner.token,
      withFile([
        { name: 'brand_id', value: brand.id },
        { name: 'estimate_id', value: order.id },
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.mediaAsset.estimate_id).toBe(order.id);
    await readEvents(`${base}/api/media/upload-progress/${ok.json().data.uploadId}?token=${encodeURIComponent(owner.token)}`);

    const otherBrand = await t.createBrand(owner.token, 'Second Brand');
    const before = t.storedFiles().sort();
    const wrongBrand = await t.upload(
      owner.token,
      withFile([
        { name: 'brand_id', value: otherBrand.id },
        { name: 'estimate_id', value: order.id },
      ]),
    );
    expect(wrongBrand.statusCode).toBe(400);
    expect(wrongBrand.json()).toEqual({ error: 'The order belongs to another brand' });
    const theirBrand = await t.createBrand(other.token, 'Their Brand');
    const theirOrder = await addOrder(theirBrand.id, other.user.id);
    for (const parts of [
      [
        { name: 'file', filename: 'spot.mp4', type: 'video/mp4', data: clip },
        { name: 'brand_id', value: brand.id },
        { name: 'estimate_id', value: theirOrder.id },
      ],
      [
        { name: 'estimate_id', value: theirOrder.id },
        { name: 'file', filename: 'spot.mp4', type: 'video/mp4', data: clip },
        { name: 'brand_id', value: brand.id },
      ],
    ]) {
      const notMine = await t.upload(owner.token, parts);
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json()).toEqual({ error: 'Estimate not found' });
    }
    expect(t.storedFiles().sort()).toEqual(before);
  });

  it('stops the processing of an asset deleted meanwhile and leaves none of its files', async () => {
    const res = await t.upload(owner.token, withFile([{ name: 'brand_id', value: brand.id }]));
    const id = res.json().data.uploadId as string;
    const stream = readEvents(`${base}/api/media/upload-progress/${id}?token=${encodeURIComponent(owner.token)}`);
    expect((await t.inject({ method: 'DELETE', url: `/api/media/${id}`, token: owner.token })).statusCode).toBe(200);
    const { events } = await stream;
    expect(events.at(-1)).toMatchObject({ stage: 'error', message: 'This media asset was deleted' });
    // Whatever the job was making when the row went is removed too.
    const left = await eventually(
      async () => t.storedFiles().filter((f) => f.startsWith(id)),
      (files) => files.length === 0,
      20_000,
    );
    expect(left).toEqual([]);
  });
});
