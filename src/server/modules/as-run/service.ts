/** POST /traffic/as-run: the upload lands in a temporary file (hashed on the way), then is imported from it. */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { desc, eq, asc } from 'drizzle-orm';
import { AsRunLineError, type AsRunImport, type AsRunReport } from '../../../domain/as-run';
import { asRunImports, asRunUnmatched, users } from '../../db/schema';
import { isUniqueViolation, type Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { stationNow } from '../../../domain/dates';
import { cleanFileName } from '../../../domain/validation';
import type { Staged } from '../notifications';
import { importAsRun } from './import';
import { readBxfAsRun, readCsvAsRun } from './parse';

type ImportRow = typeof asRunImports.$inferSelect;

const toImport = (row: ImportRow, importedBy: string | null): AsRunImport => ({
  id: row.id,
  filename: row.filename,
  format: row.format,
  imported_at: row.createdAt.toISOString(),
  imported_by: importedBy,
  rows: row.rows,
  aired: row.aired,
  reported_missed: row.reportedMissed,
  unmatched: row.unmatched,
  closed_missed: row.closedMissed,
  days: row.days,
});

const UNMATCHED_SHOWN = 1000;

export const asRunReport = async (db: Db, id: string, duplicate = false): Promise<AsRunReport> => {
  const [row] = await db.select({ imp: asRunImports, email: users.email }).from(asRunImports).leftJoin(users, eq(users.id, asRunImports.importedBy)).where(eq(asRunImports.id, id)).limit(1);
  if (!row) throw notFound('As-run import not found');
  const unmatched = await db.select().from(asRunUnmatched).where(eq(asRunUnmatched.importId, id)).orderBy(asc(asRunUnmatched.line)).limit(UNMATCHED_SHOWN);
  const imp = row.imp;
  return {
    import: toImport(imp, row.email),
    duplicate,
    message: duplicate
      ? `This file was already imported on ${imp.createdAt.toISOString().slice(0, 10)}; nothing changed`
      : `Imported ${imp.rows} rows: ${imp.aired} aired, ${imp.reportedMissed + imp.closedMissed} missed, ${imp.unmatched} unmatched`,
    unmatched_rows: unmatched.map((u) => ({ line: u.line, date: u.airDate, time: u.airTime, house_code: u.houseCode, reason: u.reason })),
  };
};

export const listAsRunImports = async (db: Db): Promise<AsRunImport[]> =>
  (await db.select({ imp: asRunImports, email: users.email }).from(asRunImports).leftJoin(users, eq(users.id, asRunImports.importedBy)).orderBy(desc(asRunImports.createdAt)).limit(100)).map((r) =>
    toImport(r.imp, r.email),
  );

const formatOf = (filename: string, head: string): 'csv' | 'bxf' => (/\.(xml|bxf)$/i.test(filename) || head.trimStart().startsWith('<') ? 'bxf' : 'csv');

export const receiveAsRun = async ({
  db,
  file,
  tmpDir,
  importedBy,
  toleranceMinutes,
  timeZone,
  makegoodExpiryHours,
  deliver,
}: {
  db: Db;
  file: MultipartFile;
  tmpDir: string;
  importedBy: string;
  toleranceMinutes: number;
  timeZone: string;
  makegoodExpiryHours: number;
  /** Sends the makegood notifications once the import has committed. */
  deliver: (staged: Staged) => void;
}): Promise<AsRunReport> => {
  await mkdir(tmpDir, { recursive: true });
  const target = path.join(tmpDir, `as-run-${randomUUID()}`);
  const hash = createHash('sha256');
  let head = '';
  try {
    await pipeline(
      file.file,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          if (head.length < 64) head += chunk.subarray(0, 64).toString('utf8');
          done(null, chunk);
        },
      }),
      createWriteStream(target),
    );
    if (file.file.truncated) throw badRequest('The as-run file is too large (at most 200 MB)');
    const contentHash = hash.digest('hex');
    const [previous] = await db.select({ id: asRunImports.id }).from(asRunImports).where(eq(asRunImports.contentHash, contentHash)).limit(1);
    if (previous) return asRunReport(db, previous.id, true);
    const format = formatOf(file.filename, head);
    const rows = format === 'csv' ? readCsvAsRun(target) : readBxfAsRun(target);
    let id: string;
    try {
      const imported = await importAsRun({ db, contentHash, filename: cleanFileName(file.filename, 'as-run', 200), format, importedBy, rows, toleranceMinutes, timeZone, makegoodExpiryHours, now: stationNow() });
      id = imported.id;
      for (const staged of imported.staged) deliver(staged);
    } catch (error) {
      if (error instanceof AsRunLineError) throw badRequest(error.message);
      // The same file sent twice at once: the second finds the first's import.
      if (isUniqueViolation(error)) {
        const [first] = await db.select({ id: asRunImports.id }).from(asRunImports).where(eq(asRunImports.contentHash, contentHash)).limit(1);
        if (first) return asRunReport(db, first.id, true);
      }
      throw error;
    }
    return asRunReport(db, id);
  } finally {
    await rm(target, { force: true });
  }
};
