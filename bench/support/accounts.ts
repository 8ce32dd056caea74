/**
 * Accounts for the load and fan-out benchmarks, written straight into the database before the real
 * server starts on it: users of a role with a live session each (the token signed with the server's
 * JWT_SECRET, so no sign-in is needed to open 1,000 sockets), and for clients a brand, a processed
 * spot and a card, so that their drafts pass the submit checks.
 */
import { randomBytes } from 'node:crypto';
import { dayparts, sessions, users, brands, mediaAssets, paymentMethods } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { createTokenSigner } from '../../src/server/modules/auth/tokens';
import type { Db } from '../../src/server/platform/db';

export const BENCH_JWT_SECRET = 'bench-secret-of-at-least-32-characters-long';
export const BENCH_PASSWORD = 'Bench-Passw0rd';

export interface BenchUser {
  id: string;
  email: string;
  token: string;
  brandId?: string;
  mediaId?: string;
  cardId?: string;
}

const BATCH = 500;
const inBatches = async <T, R>(rows: T[], insert: (batch: T[]) => Promise<R[]>): Promise<R[]> => {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(...(await insert(rows.slice(i, i + BATCH))));
  return out;
};

/** `count` users of `role` (e-mails `<prefix><i>@bench.test`, password BENCH_PASSWORD), each with a session and its token. */
export const seedUsers = async (db: Db, role: 'traffic_admin' | 'client', count: number, prefix: string): Promise<BenchUser[]> => {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const run = randomBytes(3).toString('hex');
  const rows = await inBatches(
    Array.from({ length: count }, (_, i) => ({
      email: `${prefix}${i}.${run}@bench.test`,
      passwordHash,
      role,
      firstName: prefix,
      lastName: String(i),
      company: `Company ${i}`,
    })),
    (batch) => db.insert(users).values(batch).returning({ id: users.id, email: users.email }),
  );
  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  const sessionRows = await inBatches(rows, (batch) =>
    db
      .insert(sessions)
      .values(batch.map((u) => ({ userId: u.id, expiresAt })))
      .returning({ id: sessions.id, userId: sessions.userId }),
  );
  const signer = createTokenSigner(BENCH_JWT_SECRET);
  const tokens = new Map(
    await Promise.all(sessionRows.map(async (s) => [s.userId, await signer.sign({ userId: s.userId, sessionId: s.id }, expiresAt)] as const)),
  );
  return rows.map((u) => ({ ...u, token: tokens.get(u.id)! }));
};

/** Gives every client a brand, a processed spot and a card (what a draft needs to be submitted). */
export const equipClients = async (db: Db, clients: BenchUser[]): Promise<BenchUser[]> => {
  const brandRows = await inBatches(clients, (batch) =>
    db
      .insert(brands)
      .values(batch.map((c, i) => ({ ownerId: c.id, commonName: `Bench brand ${c.email}`, legalName: `Bench brand ${i} LLC` })))
      .returning({ id: brands.id, ownerId: brands.ownerId }),
  );
  const media = await inBatches(brandRows, (batch) =>
    db
      .insert(mediaAssets)
      .values(
        batch.map((b) => ({
          brandId: b.id,
          filename: `spot-${b.id}.mp4`,
          mimeType: 'video/mp4',
          fileSize: 1_048_576,
          storageKey: `${b.id}.original.mp4`,
          processingStage: 'complete' as const,
          processingProgress: 100,
        })),
      )
      .returning({ id: mediaAssets.id, brandId: mediaAssets.brandId }),
  );
  const cards = await inBatches(brandRows, (batch) =>
    db
      .insert(paymentMethods)
      .values(
        batch.map((b) => ({ ownerId: b.ownerId, brandId: b.id, cardBrand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 })),
      )
      .returning({ id: paymentMethods.id, ownerId: paymentMethods.ownerId }),
  );
  return clients.map((c) => {
    const brand = brandRows.find((b) => b.ownerId === c.id)!;
    return { ...c, brandId: brand.id, mediaId: media.find((m) => m.brandId === brand.id)!.id, cardId: cards.find((k) => k.ownerId === c.id)!.id };
  });
};

export const firstDaypartId = async (db: Db): Promise<string> => (await db.select({ id: dayparts.id }).from(dayparts).limit(1))[0]!.id;
